import type { Context } from 'hono';
import type { AppEnv } from '#src/site/app-env.ts';
import type { ROUTES, RouteName } from '../paths';
import type { Member } from './roles';
import type { NewsroomSettings } from './settings';

/** Hono's type parameters inside the newsroom: the app's, plus who is asking and the request's anti-forgery token. */
export interface NewsroomEnv {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { newsroom: NewsroomSettings; member: Member; xsrf: string };
}

/** What the handler of route N is given: the newsroom's variables, and exactly the parameters of N's path (paths.ts). */
export type RouteContext<N extends RouteName> = Context<NewsroomEnv, (typeof ROUTES)[N]>;
