import { MODEL_TABLE, modelSpec, resolveModelName, type ModelSpec } from '../../services/api/models.js';
import type { SlashCommand } from '../types.js';
import type { CommandResult } from '../custom/commandResult.js';

/**
 * `/model <alias or id>` switches the model for the next prompts; `/model`
 * alone opens a picker over the model table (the model in use marked and
 * under the cursor, Esc keeps it).
 */
export const modelCommand: SlashCommand = {
  name: 'model',
  description: 'Choose the model for the next prompts (a picker, or the alias or id given)',
  argumentHint: '[sonnet|opus|haiku|model id]',
  async run(args, context) {
    const requested = args.trim();
    const current = context.getModel();
    if (requested === '') {
      const chosen = await context.choose({
        title: 'Which model should answer the next prompts?',
        current,
        options: [
          ...MODEL_TABLE.map((spec) => ({ value: spec.id, label: pickerLabel(spec), description: pickerDetails(spec) })),
          ...(modelSpec(current) ? [] : [{ value: current, label: current, description: 'not in agentcli\'s model table' }]),
        ],
      });
      if (chosen === undefined || chosen === current) return { type: 'text', text: `Model unchanged: ${current}.` };
      return switchTo(chosen, context.setModel);
    }
    if (!/^[\w.:@/[\]-]+$/.test(requested)) {
      return { type: 'text', tone: 'error', text: `"${requested}" does not look like a model name.` };
    }
    return switchTo(resolveModelName(requested), context.setModel);
  },
};

function switchTo(model: string, setModel: (model: string) => void): CommandResult {
  setModel(model);
  const known = modelSpec(model) ? '' : ' (not in agentcli\'s model table: the API decides whether it exists)';
  return { type: 'text', text: `Model set to ${model} for the next prompts${known}.` };
}

function pickerLabel(spec: ModelSpec): string {
  const alias = spec.aliases.find((name) => !name.startsWith('claude-'));
  return alias ? `${spec.label} (${alias})` : spec.label;
}

function pickerDetails(spec: ModelSpec): string {
  return `${spec.id} · ${spec.contextWindow / 1000}k context · $${spec.price.input}/$${spec.price.output} per Mtok`;
}
