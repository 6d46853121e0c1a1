import type {
  BackupInfo,
  MaintenanceEvent,
  SystemLogsResponse,
  SystemSettings,
  SystemSettingsUpdate,
  SystemStatus,
} from '@casa/shared-schema';
import { api, type ApiClient } from '../../lib/api';

export const loadSystemStatus = (client: ApiClient = api) => client.get<SystemStatus>('/api/system/status');
export const loadSystemSettings = (client: ApiClient = api) =>
  client.get<SystemSettings>('/api/system/settings');
export const saveSystemSettings = (patch: SystemSettingsUpdate, client: ApiClient = api) =>
  client.put<SystemSettings>('/api/system/settings', patch);
export const loadBackups = (client: ApiClient = api) => client.get<BackupInfo[]>('/api/system/backups');
export const runBackup = (client: ApiClient = api) => client.post<BackupInfo>('/api/system/backups');
export const backupDownloadUrl = (name: string) => `/api/system/backups/${encodeURIComponent(name)}`;
export const loadLogs = (client: ApiClient = api) =>
  client.get<SystemLogsResponse>('/api/system/logs?limit=200');
export const loadMaintenanceHistory = (client: ApiClient = api) =>
  client.get<MaintenanceEvent[]>('/api/system/maintenance/history');
