import type { Message, RawMessageStreamEvent, ToolUnion } from '@anthropic-ai/sdk/resources/messages';

export type { Message, RawMessageStreamEvent, ToolUnion };
