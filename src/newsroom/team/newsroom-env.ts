import type { AppEnv } from '#src/site/app-env.ts';
import type { Member } from './roles';
import type { NewsroomSettings } from './settings';

/** Hono's type parameters inside the newsroom: the app's, plus who is asking and the request's anti-forgery token. */
export interface NewsroomEnv {
  Bindings: AppEnv['Bindings'];
  Variables: AppEnv['Variables'] & { newsroom: NewsroomSettings; member: Member; xsrf: string };
}
