// Build step: prints the API input schema of every built-in tool as JSON, so
// the bundle can send the first request without building a single zod schema
// (see src/services/api/toolSchemas.ts). Run from a throwaway bundle by
// scripts/build.mjs; the schemas come from the same inputJsonSchemaOf the
// CLI would otherwise call at start-up, so they cannot disagree.
import { inputJsonSchemaOf } from '../src/services/api/toolSchemas.js';
import { getAllBaseTools } from '../src/tools.js';
import { createAgentTool } from '../src/tools/AgentTool/AgentTool.js';
import { skillCatalog } from '../src/skills/loadSkills.js';
import { createSkillTool } from '../src/tools/SkillTool/SkillTool.js';

// The Agent tool is made per session (its prompt lists the session's agents); its schema is the same for all.
const agentTool = createAgentTool(Promise.resolve({ agents: [], warnings: [] }));
// So is the Skill tool (its prompt lists the session's skills).
const skillTool = createSkillTool(Promise.resolve(skillCatalog([])));
const manifest = Object.fromEntries([...getAllBaseTools(), agentTool, skillTool].map((tool) => [tool.name, inputJsonSchemaOf(tool)]));
process.stdout.write(JSON.stringify(manifest));
