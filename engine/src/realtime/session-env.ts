/** What a realtime connection reaches beyond itself: the version's renderer, the feeds, the limits. */
import type { Randomness } from '../templates/random.js';
import type { Feeds } from './feed-buffer.js';
import type { RealtimeLimits } from './realtime-limits.js';
import type { MessageRenderer } from './render-message.js';

export interface SessionEnv {
  /** The templates of the connection's config version (a reload hands it the new one). */
  renderer: MessageRenderer;
  random: Randomness;
  feeds: Feeds;
  limits: RealtimeLimits;
}
