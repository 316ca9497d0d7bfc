import { useMutation, useQuery } from '@apollo/client/react';
import type {
  DataViewFieldsFragment,
  SaveDataViewInput,
  SaveDateRangeInput,
  SavedDateRangeFieldsFragment,
} from '../../graphql/generated.ts';
import {
  DeleteDataViewDocument,
  DeleteSavedDateRangeDocument,
  SaveDataViewDocument,
  SaveDateRangeDocument,
  SummarySavedDocument,
} from '../../graphql/generated.ts';
import { useShowError } from '../forms/useShowError.ts';

export interface SummarySaved {
  ranges: readonly SavedDateRangeFieldsFragment[];
  views: readonly DataViewFieldsFragment[];
  /** Each resolves to the saved item, or null after showing why it failed. */
  saveRange: (input: SaveDateRangeInput) => Promise<SavedDateRangeFieldsFragment | null>;
  deleteRange: (id: number) => Promise<boolean>;
  saveView: (input: SaveDataViewInput) => Promise<DataViewFieldsFragment | null>;
  deleteView: (id: number) => Promise<boolean>;
}

/**
 * The viewer's own saved date ranges and data views of a project, and the mutations on them. Each mutation asks
 * for the lists again: they are short, and their order (by start, in the order saved) is the server's.
 */
export function useSummarySaved(projectId: number): SummarySaved {
  const showError = useShowError();
  const { data } = useQuery(SummarySavedDocument, { variables: { projectId } });
  const refetch = { refetchQueries: [{ query: SummarySavedDocument, variables: { projectId } }] };
  const [saveRange] = useMutation(SaveDateRangeDocument, refetch);
  const [deleteRange] = useMutation(DeleteSavedDateRangeDocument, refetch);
  const [saveView] = useMutation(SaveDataViewDocument, refetch);
  const [deleteView] = useMutation(DeleteDataViewDocument, refetch);
  const failed = (error: unknown) => {
    showError(error);
    return null;
  };
  return {
    ranges: data?.project.savedDateRanges ?? [],
    views: data?.project.dataViews ?? [],
    saveRange: (input) =>
      saveRange({ variables: { input } }).then((answer) => answer.data?.saveDateRange ?? null, failed),
    deleteRange: (id) =>
      deleteRange({ variables: { id } }).then(
        () => true,
        (error: unknown) => failed(error) ?? false,
      ),
    saveView: (input) => saveView({ variables: { input } }).then((answer) => answer.data?.saveDataView ?? null, failed),
    deleteView: (id) =>
      deleteView({ variables: { id } }).then(
        () => true,
        (error: unknown) => failed(error) ?? false,
      ),
  };
}
