// Small real files for the file-tool tests: 1×1 images in each format Read sends as an
// image, and a notebook written the way Jupyter writes one (one-space indent, sorted keys).

export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const WEBP_1X1 = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

export type NotebookOptions = { withIds?: boolean };

/** A three-cell notebook: markdown, code with a stream output, code with an error and a plot. */
export function notebookObject(options: NotebookOptions = {}) {
  const withIds = options.withIds ?? true;
  const id = (value: string) => (withIds ? { id: value } : {});
  const pngBase64 = PNG_1X1.toString('base64');
  return {
    cells: [
      { cell_type: 'markdown', ...id('intro'), metadata: {}, source: ['# Title\n', 'Some text'] },
      {
        cell_type: 'code',
        execution_count: 1,
        ...id('calc'),
        metadata: { tags: ['keep-me'] },
        outputs: [{ name: 'stdout', output_type: 'stream', text: ['1\n'] }],
        source: ['x = 1\n', 'print(x)'],
      },
      {
        cell_type: 'code',
        execution_count: 2,
        ...id('plot'),
        metadata: {},
        outputs: [
          {
            ename: 'ZeroDivisionError',
            evalue: 'division by zero',
            output_type: 'error',
            traceback: ['\u001b[0;31mTraceback line\u001b[0m', 'at cell 3'],
          },
          {
            data: { 'image/png': `${pngBase64.slice(0, 20)}\n${pngBase64.slice(20)}`, 'text/plain': ['<Figure>'] },
            metadata: {},
            output_type: 'display_data',
          },
        ],
        source: ['1 / 0'],
      },
    ],
    metadata: { kernelspec: { display_name: 'Python 3', language: 'python', name: 'python3' }, language_info: { name: 'python' } },
    nbformat: 4,
    nbformat_minor: withIds ? 5 : 4,
  };
}

export function notebookJson(options: NotebookOptions = {}): string {
  return `${JSON.stringify(notebookObject(options), null, 1)}\n`;
}
