import { Outlet } from 'react-router';
import { ConsoleNav } from '../../features/moderation/components/console-nav';
import { ModerationGate } from '../../features/moderation/components/moderation-gate';
import '../../styles/moderation.css';

/** The frame of every console page: signed-in moderators only, with the console's own bar. */
export function ModerationLayoutRoute() {
  return (
    <ModerationGate>
      <div className="moderation-console">
        <ConsoleNav />
        <Outlet />
      </div>
    </ModerationGate>
  );
}
