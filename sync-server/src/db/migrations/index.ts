import type { Knex } from 'knex';
import * as accounts from './20261122_001_accounts';
import * as business from './20261122_002_business';
import * as changeLog from './20261122_003_change_log';
import * as serverSettings from './20261122_004_server_settings';
import * as searchText from './20261122_005_search_text';
import * as liveLinkUnique from './20261122_006_live_link_unique';
import * as clientsLiveId from './20261122_007_clients_live_id';
import * as sync from './20261122_008_sync';
import * as listAndSearchIndexes from './20261122_009_list_and_search_indexes';
import * as signupOwner from './20261123_010_signup_owner';
import * as sessionGeneration from './20261125_011_session_generation';
import * as rateLimitHits from './20261125_012_rate_limit_hits';
import * as properties from './20261125_103_properties';
import * as propertyPhotos from './20261125_105_property_photos';
import * as followUpVisits from './20261127_110_follow_up_visits';
import * as propertySheetLinks from './20261127_113_property_sheet_links';
import * as propertyMatches from './20261127_116_property_matches';
import * as clientsCreatedIndex from './20261127_120_clients_created_index';
import * as clientTagsClientIndex from './20261127_121_client_tags_client_index';

export type Migration = {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
};

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const migrations: readonly Migration[] = [
  accounts,
  business,
  changeLog,
  serverSettings,
  searchText,
  liveLinkUnique,
  clientsLiveId,
  sync,
  listAndSearchIndexes,
  signupOwner,
  sessionGeneration,
  rateLimitHits,
  properties,
  propertyPhotos,
  followUpVisits,
  propertySheetLinks,
  propertyMatches,
  clientsCreatedIndex,
  clientTagsClientIndex,
];

/** Static source: no file-system scanning, so it works under tsx, Vitest and bundlers alike. */
export const migrationSource: Knex.MigrationSource<Migration> = {
  getMigrations: async () => [...migrations],
  getMigrationName: (migration) => migration.name,
  getMigration: async (migration) => migration,
};
