/**
 * A skill: a folder holding a `SKILL.md` (YAML front matter, then the
 * instructions) and whatever supporting files the instructions point to.
 * The format is Claude Code's, so the skills users already have load as
 * they are:
 *
 *   ---
 *   name: pdf-forms                 # default: the folder's name
 *   description: Fill in PDF forms. Use when the user mentions a form.
 *   allowed-tools: Bash(python3 scripts/fill.py:*), Read
 *   model: haiku
 *   argument-hint: [file]
 *   disable-model-invocation: false # true: only the user can run it (/pdf-forms)
 *   user-invocable: true            # false: only the model can load it
 *   context: fork                   # run in a subagent of its own (below)
 *   agent: Explore                  # with `context: fork`: the agent type (default general-purpose)
 *   ---
 *   Instructions…  (see reference.md in this folder for the field list)
 *
 * Only the name and description travel up front (skillListing.ts); the body
 * is read when the skill is used, so the file is read again then.
 *
 * `context: fork` runs the skill as a subagent's task instead of loading it
 * into the conversation: the body is the child's prompt, and the parent only
 * ever sees the child's final answer (SkillTool.ts).
 */
import { parseTemplate, scalarText } from '../commands/custom/commandTemplate.js';

export type SkillSource = 'project' | 'user' | 'plugin';

export type Skill = {
  /** What the model passes to the Skill tool and the user types after `/`; plugin skills are `plugin:name`. */
  readonly name: string;
  readonly description: string;
  /** Claude Code's `when_to_use`: appended to the description in the listing. */
  readonly whenToUse?: string;
  readonly argumentHint?: string;
  readonly allowedTools: readonly string[];
  readonly model?: string;
  /** False: the model is not told about it and cannot load it; the user still can. */
  readonly modelInvocable: boolean;
  /** False: no `/name` command; the model may still load it. */
  readonly userInvocable: boolean;
  /** The skill's folder: supporting files are read from here. */
  readonly dir: string;
  readonly file: string;
  readonly source: SkillSource;
  /** Repository content (a project skill): labelled so in the rules it grants. */
  readonly fromRepository: boolean;
  /** A plugin's skill: the plugin's folder, for ${CLAUDE_PLUGIN_ROOT}. */
  readonly pluginRoot?: string;
  /** `context: fork`: runs in a subagent of this type (the `agent` field; default general-purpose). */
  readonly fork?: { readonly agentType: string | undefined };
};

export type SkillBody = { readonly ok: true; readonly body: string; readonly skill: Skill } | { readonly ok: false; readonly error: string };

const SKILL_NAME = /^[\w.-]+$/;

export type SkillOrigin = {
  readonly dir: string;
  readonly file: string;
  readonly source: SkillSource;
  readonly fromRepository: boolean;
  /** A plugin's skills are namespaced by the plugin's name. */
  readonly namespace?: string;
  readonly pluginRoot?: string;
};

export function parseSkillFile(text: string, origin: SkillOrigin, folderName: string): { ok: true; skill: Skill; body: string } | { ok: false; error: string } {
  const parsed = parseTemplate(text);
  if (!parsed.ok) return { ok: false, error: `${origin.file}: ${parsed.error}` };
  const { fields, body } = parsed.template;
  const ownName = scalarText(fields['name']) ?? folderName;
  if (!SKILL_NAME.test(ownName)) return { ok: false, error: `${origin.file}: name "${ownName}" may hold only letters, digits, "-", "_" and "."` };
  const description = parsed.template.description ?? firstParagraph(body);
  if (!description) return { ok: false, error: `${origin.file}: a skill needs a description (the model reads it to decide when to use the skill)` };
  const whenToUse = scalarText(fields['when_to_use']) ?? scalarText(fields['when-to-use']);
  const context = scalarText(fields['context']);
  if (context !== undefined && context !== 'fork' && context !== 'inline') return { ok: false, error: `${origin.file}: context "${context}" is not one of fork, inline` };
  const agentType = scalarText(fields['agent']);
  return {
    ok: true,
    body,
    skill: {
      name: origin.namespace ? `${origin.namespace}:${ownName}` : ownName,
      description,
      ...(whenToUse ? { whenToUse } : {}),
      ...(parsed.template.argumentHint ? { argumentHint: parsed.template.argumentHint } : {}),
      allowedTools: parsed.template.allowedTools,
      ...(parsed.template.model && parsed.template.model !== 'inherit' ? { model: parsed.template.model } : {}),
      modelInvocable: fields['disable-model-invocation'] !== true,
      userInvocable: fields['user-invocable'] !== false,
      dir: origin.dir,
      file: origin.file,
      source: origin.source,
      fromRepository: origin.fromRepository,
      ...(origin.pluginRoot ? { pluginRoot: origin.pluginRoot } : {}),
      ...(context === 'fork' ? { fork: { agentType } } : {}),
    },
  };
}

function firstParagraph(body: string): string | undefined {
  const line = body
    .split('\n')
    .map((candidate) => candidate.replace(/^#+\s*/, '').trim())
    .find((candidate) => candidate !== '');
  return line && line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
