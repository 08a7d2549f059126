import { describe, expect, it } from "vitest";
import { violationErrors } from "../../lib/useServerViolations";
import { invalidFields } from "../../test/errors";
import { activityViolations } from "./fields";

const task = activityViolations(["subject", "customSubject", "contactId", "mediaType", "deadline", "resources"]);
const event = activityViolations(["subject", "mediaType", "date", "time"]);
const report = activityViolations(["mood", "comment", "resources"], { markAsCompleteComment: "comment" });

describe("server refusals on the activity forms' fields", () => {
  it("places the service's French message on the field it names", async () => {
    const err = await invalidFields([
      { path: ["task", "media_type"], ruleId: "task.media_type.channel", message: "Ce contact n'a pas d'adresse e-mail" },
      { path: ["task", "custom_subject"], ruleId: "task.custom_subject", message: "Ce champ est obligatoire" },
    ]);
    expect(violationErrors(err, task)).toEqual({ mediaType: "Ce contact n'a pas d'adresse e-mail", customSubject: "Ce champ est obligatoire" });
  });

  it("gives protovalidate's required rules the catalogue's French message", async () => {
    const err = await invalidFields([{ path: ["event", "date"], ruleId: "required", message: "value is required" }]);
    expect(violationErrors(err, event)).toEqual({ date: "Ce champ est obligatoire" });
  });

  it("puts a link's refusal on the links, and the report's comment on its field", async () => {
    const url = "L'adresse doit commencer par http://, https:// ou mailto: (ou être une adresse web comme www.exemple.fr)";
    expect(violationErrors(await invalidFields([{ path: ["task", "resources", "url"], ruleId: "resource.url", message: url }]), task)).toEqual({ resources: url });
    const err = await invalidFields([
      { path: ["mark_as_complete_comment"], ruleId: "report.comment.length", message: "Commentaire trop long" },
      { path: ["resources", "label"], ruleId: "resource.label", message: "Libellé trop long" },
    ]);
    expect(violationErrors(err, report)).toEqual({ comment: "Commentaire trop long", resources: "Libellé trop long" });
  });

  it("leaves to the form a refusal that names none of its fields", async () => {
    expect(violationErrors(await invalidFields([{ path: ["id"], ruleId: "string.uuid", message: "bad id" }]), task)).toBeUndefined();
    expect(violationErrors(await invalidFields([], "ERROR_REASON_ACTIVITY_STATE"), task)).toBeUndefined();
    expect(violationErrors(new Error("x"), task)).toBeUndefined();
  });
});
