export type MessageHandler = (message: string) => void;

/** Resolves once the handler will receive no further messages. */
export type Unsubscribe = () => Promise<void>;

/**
 * Fire-and-forget messages between server instances (e.g. "QR session changed" to whichever instance
 * holds the browser's WebSocket). Messages published while nobody listens are lost; delivery is
 * asynchronous, and in publish order per channel.
 */
export interface PubSub {
  publish(channel: string, message: string): Promise<void>;

  /**
   * Resolves once the subscription is active: a message published after that reaches the handler.
   * The same handler may subscribe several times; each subscription is independent.
   */
  subscribe(channel: string, handler: MessageHandler): Promise<Unsubscribe>;

  /** Drops all subscriptions and releases connections. Safe to call twice. */
  close(): Promise<void>;
}

export interface PubSubErrorReporting {
  /** A handler threw, or (Redis) the connection failed after start-up. Defaults to console.error. */
  onError?: (error: Error) => void;
}
