// Reads more than one section shares: the overview (the weekly mail section shows its last send)
// and the generation runs, asked again every few seconds while one is going.
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from './keys';
import { getOverview, getRuns } from './manage-api';

const WHILE_RUNNING_MS = 3000;

export const useOverview = () =>
  useQuery({ queryKey: adminKeys.overview(), queryFn: ({ signal }) => getOverview(signal) });

export const useRuns = () =>
  useQuery({
    queryKey: adminKeys.runs(),
    queryFn: ({ signal }) => getRuns(signal),
    refetchInterval: (query) =>
      query.state.data?.runs.some((run) => run.status === 'running') ? WHILE_RUNNING_MS : false,
  });
