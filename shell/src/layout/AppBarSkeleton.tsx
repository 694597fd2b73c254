import { Skeleton } from '@its/kit';
import { Brand } from './Brand';

export function AppBarSkeleton() {
  return (
    <header className="shell-appbar" aria-busy="true">
      <span className="shell-appbar__brand">
        <Brand />
      </span>
      <div className="shell-nav shell-nav--skeleton">
        <Skeleton width={84} height={12} />
        <Skeleton width={96} height={12} />
        <Skeleton width={72} height={12} />
      </div>
    </header>
  );
}
