import type { Services } from './services';

/** What every entry of the command table is: the extension's services, then the command's own arguments. */
export type CommandHandler = (services: Services, ...args: unknown[]) => unknown;
