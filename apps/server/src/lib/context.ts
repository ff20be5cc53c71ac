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

/** The platform's staff (ADMIN, SUPER-ADMIN): every shop is in their scope. */
export const isAdmin = (actor: Pick<Actor, 'role'>) => actor.role === 'SUPER-ADMIN' || actor.role === 'ADMIN';
