import { app } from './app';
import { warmUp } from './warm-up';

warmUp(app);

export default app satisfies ExportedHandler<Env>;
