/**
 * The handshake every webview channel starts with: the view posts `ready` once it listens, and the host
 * answers with `init` (or the view's own load error). A message of any other shape is dropped by the
 * receiving end's guard before it is handled.
 */

export interface ReadyMessage {
  type: 'ready';
}

/** A message that names its kind. */
export interface TypedMessage {
  type: string;
}

export function isReadyMessage(message: TypedMessage): message is ReadyMessage {
  return message.type === 'ready';
}

/** Calls `listener` with the messages that pass `guard`; the others go to `dropped`, when given. */
export function guardedListener<Message>(guard: (value: unknown) => value is Message, listener: (message: Message) => void, dropped?: (value: unknown) => void): (value: unknown) => void {
  return (value) => {
    if (guard(value)) listener(value);
    else dropped?.(value);
  };
}
