/**
 * Skills in the slash-command namespace: `/pdf-forms report.pdf` runs the
 * skill the way a custom command runs (its instructions become the prompt,
 * `$ARGUMENTS` filled in, `!`cmd`` snippets run through the Bash tool's
 * pipeline, `allowed-tools` and `model` held for that turn). A skill with
 * `user-invocable: false` is the model's only and gets no command.
 *
 * A `context: fork` skill the model may run is not expanded into the
 * conversation: `/name args` asks the model to run it with the Skill tool,
 * which starts its agent, so the instructions reach only that agent in every
 * front end alike (one model round trip more than an inline skill). One the
 * model may not run (`disable-model-invocation`) is expanded inline, as the
 * user asked for it by name.
 */
import type { CustomCommand } from '../commands/custom/customCommands.js';
import { renderCommandPrompt } from '../commands/custom/renderCommandPrompt.js';
import { resolveModelName } from '../services/api/models.js';
import type { SkillCatalog } from './loadSkills.js';
import type { Skill } from './skill.js';
import { expandSkillVariables } from './skillVariables.js';

export function skillCommands(catalog: SkillCatalog): CustomCommand[] {
  return catalog.skills.filter((skill) => skill.userInvocable).map((skill) => skillCommand(catalog, skill));
}

function skillCommand(catalog: SkillCatalog, skill: Skill): CustomCommand {
  const expand: CustomCommand['expand'] = async (args) => {
    const read = await catalog.readBody(skill);
    if (!read.ok) return { type: 'text', tone: 'error', text: `/${skill.name}: ${read.error}` };
    if (skill.fork && skill.modelInvocable) return { type: 'prompt', prompt: forkDirective(skill.name, args) };
    const body = expandSkillVariables(read.body, skill);
    return {
      type: 'prompt',
      prompt: body,
      commandTurn: {
        commandName: skill.name,
        // What /skills showed at start-up; see SkillTool for why the grant is not re-read.
        allowedTools: skill.allowedTools,
        fromRepository: skill.fromRepository,
        ...(read.skill.model ? { model: resolveModelName(read.skill.model) } : {}),
        render: (runShell) => renderCommandPrompt(body, args, runShell),
      },
    };
  };
  return {
    name: skill.name,
    description: skill.description,
    ...(skill.argumentHint ? { argumentHint: skill.argumentHint } : {}),
    source: skill.source,
    kind: 'skill',
    expand,
    run: (args) => expand(args),
  };
}

/** What the model is asked when the user runs a forked skill by name. */
export function forkDirective(name: string, args: string): string {
  const withArgs = args.trim() === '' ? '' : ` with args ${JSON.stringify(args.trim())}`;
  return `Run the ${name} skill now with the Skill tool${withArgs}. It runs in an agent of its own; tell me what it reports.`;
}
