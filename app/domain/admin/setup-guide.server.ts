/** The merchant ticks a setup step the app cannot see done, or dismisses the guide (issue 19). */
import { dismissSetupGuide, getMarkedSetupSteps, saveMarkedSetupSteps } from "~/models/setup-guide.server";
import { parseMarkedSteps, type SetupStepId } from "./setup-guide";

export async function markSetupStep(shop: string, step: SetupStepId, done: boolean) {
  const marked = new Set(parseMarkedSteps(await getMarkedSetupSteps(shop)));
  if (done) marked.add(step);
  else marked.delete(step);
  await saveMarkedSetupSteps(shop, [...marked]);
  return { ok: true, message: done ? "Step marked as done." : "Step marked as not done." };
}

export async function hideSetupGuide(shop: string, now = new Date()) {
  await dismissSetupGuide(shop, now);
  return { ok: true, message: "Setup guide dismissed." };
}
