import type { Language } from '@parking-hub/contracts/messages';
import type { Role } from '@parking-hub/contracts/roles';

/** The signed-in user a request acts for. */
export interface Actor {
  id: string;
  username: string;
  fullName: string;
  role: Role;
  shopId: string | null;
  sessionId: string;
}

/** What a service may know of the request: never the request itself (STYLE.md habit 2). */
export interface RequestContext {
  actor: Actor | null;
  ip: string;
  userAgent: string | null;
  requestId: string;
  lang: Language;
}

export interface AuthedContext extends RequestContext {
  actor: Actor;
}
