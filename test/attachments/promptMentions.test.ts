import { describe, expect, it } from 'vitest';
import { attachmentBlocks } from '../../src/attachments/attachmentBlocks.js';
import { findBareImagePaths, findMentionedPaths, pastedImageMention } from '../../src/attachments/promptMentions.js';

describe('prompt mentions', () => {
  it('finds @paths with escaped spaces, trimming trailing punctuation', () => {
    expect(findMentionedPaths('see @src/a.ts, and @My\\ Docs/b.md. Mail me@example.com')).toEqual(['src/a.ts', 'My Docs/b.md']);
  });

  it('finds bare image paths as terminals paste a dropped file', () => {
    expect(findBareImagePaths(`/tmp/a.png and '/home/me/Screen Shot.png' and /home/me/x\\ y.JPG`)).toEqual([
      '/tmp/a.png',
      '/home/me/Screen Shot.png',
      '/home/me/x y.JPG',
    ]);
    expect(findBareImagePaths('file:///tmp/with%20space.webp')).toEqual(['/tmp/with space.webp']);
    expect(findBareImagePaths('/tmp/notes.txt src/relative.png @/tmp/mentioned.png')).toEqual([]);
  });

  it('turns one pasted image path into an @mention; other pastes stay text', () => {
    expect(pastedImageMention(`'/home/me/Screen Shot.png'`)).toBe('@/home/me/Screen\\ Shot.png ');
    expect(pastedImageMention('/tmp/a.png /tmp/b.png')).toBeUndefined();
    expect(pastedImageMention('just some text')).toBeUndefined();
    expect(pastedImageMention('/tmp/a.png\nmore')).toBeUndefined();
  });
});

describe('attachment blocks', () => {
  const png = { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: 'iVBO' } };
  it('keeps images as image blocks after a line naming the file', () => {
    expect(attachmentBlocks('shot.png', { status: 'success', result: { type: 'tool_result', tool_use_id: 't', content: [png] } })).toEqual([
      { type: 'text', text: 'Image @shot.png:' },
      png,
    ]);
  });

  it('text results become one text block; a failure says it was not attached', () => {
    expect(attachmentBlocks('a.ts', { status: 'success', result: { type: 'tool_result', tool_use_id: 't', content: '1\tx' } })).toEqual([
      { type: 'text', text: 'Contents of @a.ts:\n1\tx' },
    ]);
    expect(attachmentBlocks('a.ts', { status: 'denied', result: { type: 'tool_result', tool_use_id: 't', content: 'no' } })[0]).toMatchObject({
      text: 'Contents of @a.ts (not attached: denied):\nno',
    });
  });
});
