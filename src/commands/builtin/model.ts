import { MODEL_TABLE, modelSpec, resolveModelName } from '../../services/api/models.js';
import type { SlashCommand } from '../types.js';

export const modelCommand: SlashCommand = {
  name: 'model',
  description: 'Show or change the model for the next prompts',
  argumentHint: '[sonnet|opus|haiku|model id]',
  run(args, context) {
    const requested = args.trim();
    if (requested === '') return { type: 'text', text: describeModels(context.getModel()) };
    if (!/^[\w.:@/[\]-]+$/.test(requested)) {
      return { type: 'text', tone: 'error', text: `"${requested}" does not look like a model name.` };
    }
    const model = resolveModelName(requested);
    context.setModel(model);
    const known = modelSpec(model) ? '' : ' (not in agentcli\'s model table: the API decides whether it exists)';
    return { type: 'text', text: `Model set to ${model} for the next prompts${known}.` };
  },
};

function describeModels(current: string): string {
  const lines = MODEL_TABLE.filter((spec) => spec.aliases.some((alias) => !alias.startsWith('claude-'))).map((spec) => {
    const alias = spec.aliases.find((name) => !name.startsWith('claude-')) ?? spec.id;
    const marker = spec.id === current ? '●' : ' ';
    return `${marker} ${alias.padEnd(7)} ${spec.label} (${spec.id}) · ${spec.contextWindow / 1000}k context · $${spec.price.input}/$${spec.price.output} per Mtok`;
  });
  return [`Model: ${current}`, ...lines, 'Change it with /model <alias or id>, e.g. /model opus.'].join('\n');
}
