import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@its/kit';
import type { DisplayMode, EventInfo, Theme } from './catalogue';

export interface Item {
  id: number;
  event: string;
  section: string;
  tab: string;
  title: string;
  description: string;
  kind: 'video' | 'image' | 'pdf';
  contentType: string;
  size: number;
  sort: number;
  version: number;
  updatedAt: string;
  url?: string;
  posterUrl?: string;
}

export interface ThemeState {
  displayMode: DisplayMode;
  introPlayed: boolean;
}

export interface EventData {
  event: EventInfo;
  categories: string[];
  items: Item[];
  /** The demo content is still being generated (the load page waits). */
  preparing: boolean;
  theme?: { id: string; role: '' | 'current' | 'previous'; config: Theme; state: ThemeState };
}

export const eventKey = (event: string) => ['conference', 'event', event] as const;

/** An event's site data; a 403 (no conference group flag) is not retried. */
export function useEventData(event: string) {
  return useQuery({
    queryKey: eventKey(event),
    queryFn: () => api.get<EventData>(`/api/conference/events/${encodeURIComponent(event)}`),
    staleTime: 5 * 60_000,
    refetchInterval: (q) => (q.state.data?.preparing ? 1500 : false),
  });
}

export const forbidden = (e: unknown) => e instanceof ApiError && (e.status === 403 || e.status === 401);

export function useThemeState(event: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (change: Partial<ThemeState>) => api.put<ThemeState>(`/api/conference/events/${encodeURIComponent(event)}/state`, change),
    onSuccess: (state) => {
      qc.setQueryData<EventData>(eventKey(event), (d) => (d?.theme ? { ...d, theme: { ...d.theme, state } } : d));
    },
  });
}

export const itemsOf = (d: EventData | undefined, section: string, tab?: string) =>
  (d?.items ?? []).filter((i) => i.section === section && (tab === undefined || i.tab === tab));
