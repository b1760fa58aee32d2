import { afterEach, expect, it } from 'vitest';
import { endTurn } from '../support/scenario.js';
import { collect, startSdkRig, type SdkRig } from './sdkHarness.js';

let rig: SdkRig | undefined;
afterEach(async () => { await rig?.close(); rig = undefined; });

it('smoke', async () => {
  rig = await startSdkRig([endTurn('Hello from the model.')]);
  const messages = await collect(rig.run('hello'));
  console.log(JSON.stringify(messages, null, 1).slice(0, 3000), rig.stderr.join(''));
  expect(messages.at(-1)).toMatchObject({ type: 'result', subtype: 'success', result: 'Hello from the model.' });
});
