import {
  createProjectInput,
  createProjectMembershipInput,
  projectAdminActions,
  projectsFollowedMax,
  updateProjectInput,
  updateProjectMembershipInput,
  uuidSchema,
} from '@olo/shared';
import { z } from 'zod';
import { builder } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { absentNulls } from '../../graphql/input.ts';
import { viewerScope } from '../../graphql/loaders.ts';
import { invalidField, parseInput } from '../../shared/errors.ts';
import { projectPrivilegeNames, projectPrivileges } from '../access/access.policy.ts';
import { UserRef } from '../accounts/accounts.graphql.ts';
import { userOptions } from '../accounts/accounts.service.ts';
import { MemberUserRef, OrganizationRef, requireSelf } from '../organizations/organizations.graphql.ts';
import type { ProjectMemberRow, ProjectRow } from './projects.repository.ts';
import { UsageScheduleInput } from './usage-schedule.graphql.ts';

const ProjectPrivilegeEnum = builder.enumType('ProjectPrivilege', {
  description: 'A right of the viewer in a project; the client hides controls by them, the server still decides.',
  values: projectPrivilegeNames,
});

export const ProjectRef = builder.objectRef<ProjectRow>('Project');
ProjectRef.implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    publicId: t.exposeString('publicId', { nullable: true, description: 'Set while the public link is on.' }),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    code: t.exposeString('code', { nullable: true }),
    startAt: t.expose('startAt', { type: 'DateTime', nullable: true }),
    endAt: t.expose('endAt', { type: 'DateTime', nullable: true }),
    timeZone: t.exposeString('timeZone'),
    latitude: t.exposeFloat('latitude', { nullable: true, description: 'Where the project is, WGS84 degrees.' }),
    longitude: t.exposeFloat('longitude', { nullable: true }),
    language: t.exposeString('language', {
      description: 'fi, sv or en: the language of the names Olo gives its new series (a meter added, say).',
    }),
    ended: t.exposeBoolean('ended'),
    archived: t.boolean({ resolve: (project) => project.archivedAt !== null }),
    archivedAt: t.expose('archivedAt', { type: 'DateTime', nullable: true }),
    hidden: t.exposeBoolean('hidden'),
    favourite: t.boolean({
      description: "In the viewer's favourites.",
      resolve: (project, _args, context) => context.loaders.favouriteProject.load(project.id),
    }),
    alarmsTriggeredCount: t.int({
      description: 'Unacknowledged triggered alarms; 0 for viewers who may not see the alarms.',
      resolve: (project, _args, context) => context.loaders.unacknowledgedAlarms.load(project.id),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    organizationId: t.exposeID('organizationId'),
    organization: t.field({
      type: OrganizationRef,
      nullable: true,
      description: 'Null when the viewer does not see the organization (a project member only).',
      resolve: async (project, _args, context) =>
        (await context.access.can('organization.view', project.organizationId))
          ? context.loaders.organization.load(project.organizationId)
          : null,
    }),
    privileges: t.field({
      type: [ProjectPrivilegeEnum],
      description: "The viewer's rights here.",
      resolve: async (project, _args, context) => projectPrivileges(await context.access.project(project.id)),
    }),
    defaultSelect: t.exposeInt('defaultSelect', { description: 'Days the data view shows by default.' }),
    showLive: t.exposeBoolean('showLive'),
    showReport: t.exposeBoolean('showReport'),
    showAlarm: t.exposeBoolean('showAlarm'),
    defaults: t.expose('defaults', {
      type: 'JSON',
      description: 'Default data view options: nulls, filters, mode, slot.',
    }),
    members: t.field({
      type: [ProjectMembershipRef],
      description: 'By member name.',
      resolve: (project, _args, context) => context.services.projects.members(context.access, project.id),
    }),
  }),
});

export const ProjectMembershipRef = builder.objectRef<ProjectMemberRow>('ProjectMembership').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    projectId: t.exposeInt('projectId'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    isAdmin: t.exposeBoolean('isAdmin'),
    canAdminAlarms: t.exposeBoolean('canAdminAlarms'),
    canAdminReports: t.exposeBoolean('canAdminReports'),
    canAdminSeries: t.exposeBoolean('canAdminSeries'),
    canViewAlarms: t.exposeBoolean('canViewAlarms'),
    canViewReports: t.exposeBoolean('canViewReports'),
    user: t.field({ type: MemberUserRef, resolve: (membership) => membership.user }),
  }),
});

builder.objectFields(OrganizationRef, (t) => ({
  projects: t.field({
    type: [ProjectRef],
    description: 'Projects of the organization the viewer sees, by name.',
    resolve: (organization, _args, context) =>
      context.services.projects.listOfOrganization(context.access, organization.id),
  }),
}));

/** The answer's `favourite` reads the change: an earlier field of the same request may have loaded the old one. */
async function setFavourite(context: GraphQLContext, projectId: number, favourite: boolean): Promise<ProjectRow> {
  const project = await context.services.projects.setFavourite(context.access, projectId, favourite);
  context.loaders.favouriteProject.clear(projectId);
  return project;
}

/** Projects picked in the user's options, in that order; all running visible ones when none are picked. */
async function chosenProjects(context: GraphQLContext, chosen: number[]): Promise<ProjectRow[]> {
  const visible = await context.services.projects.list(context.access);
  if (chosen.length === 0) return visible.filter((project) => !project.ended);
  const byId = new Map(visible.map((project) => [project.id, project]));
  return chosen.map((id) => byId.get(id)).filter((project): project is ProjectRow => Boolean(project));
}

builder.objectFields(UserRef, (t) => ({
  menuProjects: t.field({
    type: [ProjectRef],
    description: 'Projects of the menu: options.menuProjects, or else every running project the user sees.',
    resolve: (user, _args, context) => {
      requireSelf(user, context);
      return chosenProjects(context, userOptions(user).menuProjects);
    },
  }),
  dashboardProjects: t.field({
    type: [ProjectRef],
    description: 'Projects of the dashboard: options.dashboardProjects, or else every running project the user sees.',
    resolve: (user, _args, context) => {
      requireSelf(user, context);
      return chosenProjects(context, userOptions(user).dashboardProjects);
    },
  }),
}));

const ProjectAdminActionEnum = builder.enumType('ProjectAdminAction', { values: projectAdminActions });

const ProjectListFilterInput = builder.inputType('ProjectListFilter', {
  fields: (t) => ({
    search: t.string({ description: 'Matches name, code or description.' }),
    hidden: t.boolean({ description: 'Include hidden projects.' }),
    archived: t.boolean({ description: 'Include archived projects.' }),
    ended: t.boolean({ description: 'false: leave out ended projects.' }),
    favourite: t.boolean({ description: 'Only favourites.' }),
  }),
});

const projectFieldsInput = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  description: t.string(),
  code: t.string(),
  startAt: t.field({ type: 'DateTime' }),
  endAt: t.field({ type: 'DateTime' }),
  timeZone: t.string(),
  latitude: t.float({ description: 'With longitude, or both null.' }),
  longitude: t.float(),
  language: t.string({ description: 'fi, sv or en; a new project takes its creator’s language.' }),
  defaultSelect: t.int(),
  showLive: t.boolean(),
  showReport: t.boolean(),
  showAlarm: t.boolean(),
  isPublic: t.boolean({ description: 'Turns the public link (publicId) on or off.' }),
  defaults: t.field({ type: 'JSON' }),
  usageSchedule: t.field({ type: UsageScheduleInput }),
  pictureId: t.id(),
  attachmentId: t.id(),
});

const CreateProjectInput = builder.inputType('CreateProjectInput', {
  fields: (t) => ({
    organizationId: t.id({ required: true }),
    name: t.string({ required: true }),
    ...projectFieldsInput(t),
  }),
});
const UpdateProjectInput = builder.inputType('UpdateProjectInput', {
  fields: (t) => ({ id: t.int({ required: true }), name: t.string(), ...projectFieldsInput(t) }),
});

const projectMemberFlagsInput = (t: Parameters<Parameters<typeof builder.inputType>[1]['fields']>[0]) => ({
  isAdmin: t.boolean(),
  canAdminAlarms: t.boolean(),
  canAdminReports: t.boolean(),
  canAdminSeries: t.boolean(),
  canViewAlarms: t.boolean(),
  canViewReports: t.boolean(),
});
const CreateProjectMembershipInput = builder.inputType('CreateProjectMembershipInput', {
  fields: (t) => ({
    projectId: t.int({ required: true }),
    userId: t.id({ required: true }),
    ...projectMemberFlagsInput(t),
  }),
});
const UpdateProjectMembershipInput = builder.inputType('UpdateProjectMembershipInput', {
  fields: (t) => ({ id: t.id({ required: true }), ...projectMemberFlagsInput(t) }),
});

/** Booleans and numbers cannot be cleared: a null means "leave as it is". */
const clearableProjectFields = [
  'description',
  'code',
  'startAt',
  'endAt',
  'latitude',
  'longitude',
  'pictureId',
  'attachmentId',
] as const;

const membershipIdArg = (value: unknown) => parseInput(z.object({ id: uuidSchema }), { id: value }).id;

builder.queryFields((t) => ({
  projects: t.field({
    type: [ProjectRef],
    description: 'Projects the viewer sees, by name; hidden and archived ones only when the filter asks.',
    args: { filter: t.arg({ type: ProjectListFilterInput }) },
    resolve: (_root, args, context) => context.services.projects.list(context.access, args.filter ?? {}),
  }),
  project: t.field({
    type: ProjectRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.projects.byId(context.access, args.id),
  }),
  projectAdmin: t.field({
    type: ProjectRef,
    description:
      'A project for editing: for those who may edit any part of it (project admins, and series, alarm or report admins for their parts; privileges tell which).',
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.projects.forEditing(context.access, args.id),
  }),
}));

builder.mutationFields((t) => ({
  createProject: t.field({
    type: ProjectRef,
    args: { input: t.arg({ type: CreateProjectInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.projects.create(
        context.access,
        parseInput(createProjectInput, absentNulls(args.input, { clearable: clearableProjectFields })),
      ),
  }),
  updateProject: t.field({
    type: ProjectRef,
    args: { input: t.arg({ type: UpdateProjectInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.projects.update(
        context.access,
        parseInput(updateProjectInput, absentNulls(args.input, { clearable: clearableProjectFields })),
      ),
  }),
  projectAdminAction: t.field({
    type: ProjectRef,
    description: 'end, archive, unarchive, hide or unhide.',
    args: { id: t.arg.int({ required: true }), action: t.arg({ type: ProjectAdminActionEnum, required: true }) },
    resolve: (_root, args, context) => context.services.projects.adminAction(context.access, args.id, args.action),
  }),
  favouriteProject: t.field({
    type: ProjectRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => setFavourite(context, args.id, true),
  }),
  unfavouriteProject: t.field({
    type: ProjectRef,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => setFavourite(context, args.id, false),
  }),
  createProjectMembership: t.field({
    type: ProjectMembershipRef,
    args: { input: t.arg({ type: CreateProjectMembershipInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.projects.createMembership(
        context.access,
        parseInput(createProjectMembershipInput, absentNulls(args.input)),
      ),
  }),
  updateProjectMembership: t.field({
    type: ProjectMembershipRef,
    args: { input: t.arg({ type: UpdateProjectMembershipInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.projects.updateMembership(
        context.access,
        parseInput(updateProjectMembershipInput, absentNulls(args.input)),
      ),
  }),
  deleteProjectMembership: t.boolean({
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, context) =>
      context.services.projects.deleteMembership(context.access, membershipIdArg(args.id)),
  }),
}));

builder.subscriptionFields((t) => ({
  projectsUpdated: t.field({
    type: ProjectRef,
    description: 'A project the viewer sees, after each change to it.',
    subscribe: (_root, _args, context) => projectUpdates(context, null),
    resolve: (project) => project,
  }),
  projectUpdated: t.field({
    type: ProjectRef,
    description: 'The project, after each change to it.',
    args: { id: t.arg.int({ required: true }) },
    subscribe: async (_root, args, context) => {
      await context.access.assert('project.view', args.id);
      return projectUpdates(context, args.id);
    },
    resolve: (project) => project,
  }),
  projectsStatusUpdated: t.field({
    type: ProjectRef,
    description:
      `Each of these projects (at most ${projectsFollowedMax}) again after a new value of its series or a change to it, ` +
      'for its status: meters online, newest values, trends, open alarms. One subscription for a whole dashboard.',
    args: { ids: t.arg.intList({ required: true }) },
    subscribe: async (_root, args, context) => {
      const ids = [...new Set(args.ids)];
      if (ids.length > projectsFollowedMax) throw invalidField('ids', 'Too many items');
      for (const id of ids) await context.access.assert('project.view', id);
      return projectStatusUpdates(context, ids);
    },
    resolve: (project) => project,
  }),
}));

/**
 * The followed projects after each new value or change, re-checked per push (rights change too). Events that arrive
 * while a push is being read only mark their project: a project with many meters costs one read per push, not one per
 * uplink, and a slow client never queues more than one pending read per project.
 */
async function* projectStatusUpdates(context: GraphQLContext, ids: number[]): AsyncGenerator<ProjectRow> {
  context.access.requireUser();
  const followed = new Set(ids);
  const stop = new AbortController();
  const pending = new Set<number>();
  const waiting: { wake: (() => void) | null } = { wake: null };
  const listen = async (topic: 'series.latest' | 'project.updated') => {
    for await (const event of context.events.subscribe(topic, stop.signal)) {
      if (!followed.has(event.projectId)) continue;
      pending.add(event.projectId);
      waiting.wake?.();
    }
  };
  // A bus that fails ends the subscription (the client's websocket link subscribes again), never as an unhandled error.
  const listening = Promise.all([listen('series.latest'), listen('project.updated')]).catch(() => {
    stop.abort();
    waiting.wake?.();
  });
  try {
    while (!stop.signal.aborted) {
      if (pending.size === 0) await new Promise<void>((resolve) => (waiting.wake = resolve));
      waiting.wake = null;
      const [projectId] = pending;
      if (projectId === undefined) continue;
      pending.delete(projectId);
      const viewer = viewerScope(context.services, context.session?.user ?? null);
      if (!(await viewer.access.can('project.view', projectId))) continue;
      const project = await context.services.projects.byId(viewer.access, projectId);
      Object.assign(context, viewer);
      yield project;
    }
  } finally {
    stop.abort();
    await listening;
  }
}

/** Changed projects the viewer (still) sees, re-checked per event, since rights change too. */
async function* projectUpdates(context: GraphQLContext, onlyId: number | null): AsyncGenerator<ProjectRow> {
  context.access.requireUser();
  const stop = new AbortController();
  try {
    for await (const event of context.events.subscribe('project.updated', stop.signal)) {
      if (onlyId !== null && event.projectId !== onlyId) continue;
      const viewer = viewerScope(context.services, context.session?.user ?? null);
      if (!(await viewer.access.can('project.view', event.projectId))) continue;
      const project = await context.services.projects.byId(viewer.access, event.projectId);
      Object.assign(context, viewer);
      yield project;
    }
  } finally {
    stop.abort();
  }
}
