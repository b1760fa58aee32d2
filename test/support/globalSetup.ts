// Tests that spawn the CLI run the bundle, so build it once before any test:
// `npm test` then always exercises the current source.
export default async function setup(): Promise<void> {
  // @ts-expect-error -- plain .mjs build script without type declarations
  const { buildAgentcli } = await import('../../scripts/build.mjs');
  await buildAgentcli({ quiet: true });
}
