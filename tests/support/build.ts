// The production build, loaded as `npm start` serves it: from the dev harness, shared with the admin benchmark.
export { createBuildHandler, loadBuild } from "../../simulators/harness/app-build";
