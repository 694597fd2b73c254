/** The route being shown (its meta names the library) and its sibling routes from the registry. */
import { useMemo } from 'react';
import { useModules, useRouteMeta, type ModuleRoute } from '@its/kit';
import type { AssetField, AssetStatus, LibraryType } from './api/types';
import { isLibraryType } from './libraries';

export interface LibraryRoute {
  name: string;
  path: string;
  manageType: LibraryType;
  collectionType?: string;
  status?: AssetStatus;
  /** Library types one manage page covers (global retail: assets and resources). */
  libraryTypes: LibraryType[];
  /** STEP's preset query (language and grouping). */
  query?: { lang?: string; status?: string; groupBy?: AssetField[] };
}

export function useLibraryRoute(fallback: LibraryType = 'AdvertisingAsset'): LibraryRoute {
  const info = useRouteMeta();
  return useMemo(() => {
    const meta = info?.meta ?? {};
    const manageType = isLibraryType(meta.manageType) ? meta.manageType : fallback;
    const libraryTypes = Array.isArray(meta.libraryTypes) ? (meta.libraryTypes as unknown[]).filter(isLibraryType) : [];
    return {
      name: info?.name ?? '',
      path: info?.path ?? '',
      manageType,
      collectionType: typeof meta.collectionType === 'string' ? meta.collectionType : undefined,
      status: typeof meta.status === 'string' ? (meta.status as AssetStatus) : undefined,
      libraryTypes: libraryTypes.length ? libraryTypes : [manageType],
      query: (meta.query as LibraryRoute['query']) ?? undefined,
    };
  }, [info, fallback]);
}

/** The libraries module's routes the user may open. */
export function useLibraryRoutes(): ModuleRoute[] {
  const modules = useModules();
  return useMemo(() => modules.find((m) => m.id === 'libraries')?.routes ?? [], [modules]);
}

export const routeType = (r: ModuleRoute): LibraryType | undefined => (isLibraryType(r.meta?.manageType) ? r.meta.manageType : undefined);
export const isRedirect = (r: ModuleRoute) => typeof r.meta?.redirect === 'string' && !!r.meta.redirect;
export const areaOf = (path: string) => path.split('/')[1] ?? '';

/** The browse list of a library type (where a landing page leads). */
export function listPathOf(routes: ModuleRoute[], lt: LibraryType): string | undefined {
  return routes.find((r) => r.expose === './AssetList' && !isRedirect(r) && routeType(r) === lt)?.path;
}
