// Vitest global setup of the reliability project: the server bundle that `npm start` runs
// (scripts/build-server.mjs), built here when a source is newer than it, so that each of the many
// server processes these cases start (and kill, and start again) loads JavaScript instead of compiling
// the TypeScript sources first.
import { buildServer, currentBuild, isStale } from '../../scripts/build-server.mjs';

export default async function setup(project) {
  const build = isStale() ? await buildServer() : currentBuild();
  project.provide('serverEntry', build.entry);
}
