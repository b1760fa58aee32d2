/** Shows the trust question in its own short-lived Ink app, before the session (and its rules) load. */
import { render } from 'ink';
import { TrustDialog } from './TrustDialog.js';

export async function askFolderTrust(folder: string): Promise<boolean> {
  let answer = false;
  const instance = render(
    <TrustDialog
      folder={folder}
      onAnswer={(trusted) => {
        answer = trusted;
        instance.unmount();
      }}
    />,
    { exitOnCtrlC: false },
  );
  await instance.waitUntilExit();
  return answer;
}
