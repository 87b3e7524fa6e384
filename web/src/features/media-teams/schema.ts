/** The team form's rules (the inputs' limits, said again as a schema) with the spec's messages. */
import { z } from '@/lib/zod';
import { requiredText, untrimmedText } from '@/lib/form-rules';
import type { Team } from './types';

export const TEAM_NAME_MAX = 100;
export const TEAM_DESCRIPTION_MAX = 2000;

/** The name is sent trimmed, the description as typed. */
export const teamSchema = z.object({ name: requiredText(TEAM_NAME_MAX), description: untrimmedText(TEAM_DESCRIPTION_MAX) });

export type TeamFormValues = z.input<typeof teamSchema>;

export const teamFormOf = (team: Team | null): TeamFormValues => ({ name: team?.name ?? '', description: team?.description ?? '' });
