import { app } from './app';
import { scheduled } from './scheduled';
import { warmUp } from './warm-up';

warmUp(app);

export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<Env>;
