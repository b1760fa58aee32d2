/**
 * Terminal markdown: marked's token tree turned into Ink elements. Block
 * tokens become Boxes stacked in a column, inline tokens nested Texts, so
 * Ink wraps everything to the terminal width (and re-wraps on resize).
 * Before the lexer has loaded, the text prints as it is.
 */
import { Box, Text } from 'ink';
import type { Token, Tokens } from 'marked';
import { memo, useMemo, type ReactNode } from 'react';
import { Gutter } from '../kit/Gutter.js';
import { colors } from '../kit/theme.js';
import { highlightCode, loadedLexer } from './markdownEngine.js';
import { decodeEntities } from './entities.js';
import { MarkdownTable } from './MarkdownTable.js';

export type MarkdownProps = { readonly text: string; readonly columns: number };

export const Markdown = memo(function Markdown({ text, columns }: MarkdownProps): ReactNode {
  const lex = loadedLexer();
  const tokens = useMemo(() => (lex ? lex(text) : undefined), [lex, text]);
  if (!tokens) return <Text>{text.trimEnd()}</Text>;
  return <Blocks tokens={tokens} columns={columns} />;
});

function Blocks({ tokens, columns, tight = false }: { readonly tokens: readonly Token[]; readonly columns: number; readonly tight?: boolean }): ReactNode {
  const blocks = tokens.filter((token) => token.type !== 'space' && token.type !== 'def');
  return (
    <Box flexDirection="column">
      {blocks.map((token, index) => (
        <Box key={index} marginTop={index > 0 && !tight ? 1 : 0} flexDirection="column">
          <Block token={token} columns={columns} />
        </Box>
      ))}
    </Box>
  );
}

function Block({ token, columns }: { readonly token: Token; readonly columns: number }): ReactNode {
  switch (token.type) {
    case 'heading': {
      const heading = token as Tokens.Heading;
      return (
        <Text bold underline={heading.depth === 1} italic={heading.depth > 2}>
          <Inline tokens={heading.tokens} />
        </Text>
      );
    }
    case 'paragraph':
      return (
        <Text>
          <Inline tokens={(token as Tokens.Paragraph).tokens} />
        </Text>
      );
    case 'text': {
      const textToken = token as Tokens.Text;
      return <Text>{textToken.tokens ? <Inline tokens={textToken.tokens} /> : textToken.text}</Text>;
    }
    case 'code': {
      const code = token as Tokens.Code;
      return (
        <Box paddingLeft={columns >= 60 ? 2 : 0} flexDirection="column">
          <Text>{highlightCode(code.text, code.lang || undefined)}</Text>
        </Box>
      );
    }
    case 'blockquote':
      return (
        <Gutter prefix="│ " dimColor>
          <Blocks tokens={(token as Tokens.Blockquote).tokens} columns={Math.max(10, columns - 2)} />
        </Gutter>
      );
    case 'list':
      return <List list={token as Tokens.List} columns={columns} />;
    case 'hr':
      return <Text dimColor>{'─'.repeat(Math.max(3, Math.min(columns, 60)))}</Text>;
    case 'table':
      return <MarkdownTable table={token as Tokens.Table} columns={columns} />;
    case 'html':
      return <Text>{(token as Tokens.HTML).text.trimEnd()}</Text>;
    default:
      return 'raw' in token && typeof token.raw === 'string' ? <Text>{token.raw.trimEnd()}</Text> : null;
  }
}

function List({ list, columns }: { readonly list: Tokens.List; readonly columns: number }): ReactNode {
  const start = typeof list.start === 'number' ? list.start : 1;
  return (
    <Box flexDirection="column">
      {list.items.map((item, index) => {
        const marker = item.task ? (item.checked ? '☒ ' : '☐ ') : list.ordered ? `${start + index}. ` : '• ';
        return (
          <Gutter key={index} prefix={marker}>
            <Blocks tokens={item.tokens} columns={Math.max(10, columns - marker.length)} tight={!list.loose} />
          </Gutter>
        );
      })}
    </Box>
  );
}

/** Inline tokens as nested Texts (Ink allows Text inside Text, not Box inside Text). */
export function Inline({ tokens }: { readonly tokens: readonly Token[] | undefined }): ReactNode {
  if (!tokens) return null;
  return tokens.map((token, index) => <InlineToken key={index} token={token} />);
}

function InlineToken({ token }: { readonly token: Token }): ReactNode {
  switch (token.type) {
    case 'strong':
      return (
        <Text bold>
          <Inline tokens={(token as Tokens.Strong).tokens} />
        </Text>
      );
    case 'em':
      return (
        <Text italic>
          <Inline tokens={(token as Tokens.Em).tokens} />
        </Text>
      );
    case 'del':
      return (
        <Text strikethrough>
          <Inline tokens={(token as Tokens.Del).tokens} />
        </Text>
      );
    case 'codespan':
      return <Text color={colors.inlineCode}>{decodeEntities((token as Tokens.Codespan).text)}</Text>;
    case 'link': {
      const link = token as Tokens.Link;
      const label = link.text;
      return (
        <Text>
          <Text color={colors.accent} underline>
            <Inline tokens={link.tokens} />
          </Text>
          {link.href && link.href !== label && !link.href.startsWith('mailto:') ? <Text dimColor> ({link.href})</Text> : null}
        </Text>
      );
    }
    case 'image': {
      const image = token as Tokens.Image;
      return <Text dimColor>[image: {image.text || image.href}]</Text>;
    }
    case 'br':
      return <Text>{'\n'}</Text>;
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <Inline tokens={text.tokens} /> : <Text>{decodeEntities(text.text)}</Text>;
    }
    case 'escape':
      return <Text>{decodeEntities((token as Tokens.Escape).text)}</Text>;
    default:
      return 'raw' in token && typeof token.raw === 'string' ? <Text>{token.raw}</Text> : null;
  }
}
