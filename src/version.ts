declare const AGENTCLI_VERSION: string | undefined;

/** Injected by the bundle build; "dev" when running from source (tests). */
export const VERSION: string = typeof AGENTCLI_VERSION === 'string' ? AGENTCLI_VERSION : 'dev';
