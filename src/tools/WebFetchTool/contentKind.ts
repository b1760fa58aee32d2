/**
 * What a response body is: HTML to convert, text to pass through, or binary
 * to refuse. The Content-Type header decides when it is specific; a missing
 * or generic one (application/octet-stream) is settled by sniffing the bytes.
 */
export type ContentKind = 'html' | 'text' | 'binary' | 'unknown';

export type ParsedContentType = { readonly mediaType: string; readonly charset?: string };

export function parseContentType(header: string | undefined): ParsedContentType {
  if (!header) return { mediaType: '' };
  const [type = '', ...params] = header.split(';');
  const charsetParam = params.map((param) => param.trim()).find((param) => param.toLowerCase().startsWith('charset='));
  const charset = charsetParam?.slice('charset='.length).trim().replace(/^"|"$/g, '');
  return { mediaType: type.trim().toLowerCase(), ...(charset ? { charset } : {}) };
}

const TEXT_APPLICATION_TYPES: ReadonlySet<string> = new Set([
  'application/json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/x-sh',
  'application/x-httpd-php',
  'application/toml',
  'application/yaml',
  'application/x-yaml',
  'application/graphql',
  'application/sql',
  'application/x-ndjson',
]);

export function kindOfMediaType(mediaType: string): ContentKind {
  if (mediaType === '' || mediaType === 'application/octet-stream' || mediaType === 'binary/octet-stream') return 'unknown';
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return 'html';
  if (mediaType.startsWith('text/')) return 'text';
  if (TEXT_APPLICATION_TYPES.has(mediaType)) return 'text';
  if (mediaType.endsWith('+json') || mediaType.endsWith('+xml') || mediaType.endsWith('+yaml')) return 'text';
  return 'binary';
}

const SNIFF_BYTES = 8_192;

/** Decides unknown content from its first bytes. */
export function sniffKind(body: Buffer): Exclude<ContentKind, 'unknown'> {
  const sample = body.subarray(0, SNIFF_BYTES);
  if (sample.includes(0)) return 'binary';
  if (sample.subarray(0, 5).toString('latin1') === '%PDF-') return 'binary';
  if (!isValidUtf8Prefix(sample) && controlByteRatio(sample) > 0.1) return 'binary';
  const head = sample.subarray(0, 1_024).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<!doctype html') || head.startsWith('<html') || head.includes('<html')) return 'html';
  return 'text';
}

function isValidUtf8Prefix(sample: Buffer): boolean {
  try {
    // stream: true, so a character cut at the sample's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

function controlByteRatio(sample: Buffer): number {
  if (sample.length === 0) return 0;
  let control = 0;
  for (const byte of sample) {
    const isWhitespace = byte === 0x09 || byte === 0x0a || byte === 0x0c || byte === 0x0d || byte === 0x1b;
    if (byte < 0x20 && !isWhitespace) control++;
  }
  return control / sample.length;
}

/** Decodes with the declared charset when Node knows it, else as UTF-8 (the web's default). */
export function decodeText(body: Buffer, charset: string | undefined): string {
  if (charset) {
    try {
      return new TextDecoder(charset.toLowerCase()).decode(body);
    } catch {
      // An unknown label: fall through to UTF-8 rather than fail the fetch.
    }
  }
  return new TextDecoder('utf-8').decode(body);
}
