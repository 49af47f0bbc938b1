import type { RouteObject } from 'react-router-dom';

/** Routes of the signed-in app (student, teacher, admin). Owned by the signed-in app work (issue 7). */
export function appRoutes(_role: string | null): RouteObject[] {
  return [];
}
