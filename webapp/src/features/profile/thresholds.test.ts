import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { DashboardSettingSchema } from "../../gen/tremplin/activity/v1/activity_pb";
import { gaugeError, hasErrors, settingOf, valuesOf } from "./thresholds";

const DEFAULTS = create(DashboardSettingSchema, {
  newContactLow: 8, newContactMedium: 12, newContactHigh: 15,
  firstTaskLow: 6, firstTaskMedium: 12, firstTaskHigh: 20,
  completedInterviewLow: 2, completedInterviewMedium: 4, completedInterviewHigh: 6,
  engagedApplicationLow: 0, engagedApplicationMedium: 1, engagedApplicationHigh: 2,
});
const INCOHERENT = "Seuils paramétrés incohérents";

describe("dashboard thresholds form", () => {
  it("accepts the defaults and gives them back unchanged", () => {
    const values = valuesOf(DEFAULTS);
    expect(hasErrors(values)).toBe(false);
    expect(settingOf(values)).toEqual(DEFAULTS);
  });

  it("accepts equal thresholds, zeros and the maximum of 30", () => {
    const values = { ...valuesOf(DEFAULTS), newContactLow: "0", newContactMedium: "30", newContactHigh: "30" };
    expect(gaugeError(values, "newContact")).toBeUndefined();
    expect(gaugeError({ ...values, firstTaskLow: "0", firstTaskMedium: "0", firstTaskHigh: "0" }, "firstTask")).toBeUndefined();
  });

  it("refuses a level below the one before, above 30, empty or not a whole number, on that gauge only", () => {
    const base = valuesOf(DEFAULTS);
    expect(gaugeError({ ...base, newContactMedium: "7" }, "newContact")).toBe(INCOHERENT);
    expect(gaugeError({ ...base, newContactMedium: "7" }, "firstTask")).toBeUndefined();
    expect(gaugeError({ ...base, firstTaskHigh: "31" }, "firstTask")).toBe(INCOHERENT);
    expect(gaugeError({ ...base, completedInterviewLow: "" }, "completedInterview")).toBe(INCOHERENT);
    expect(gaugeError({ ...base, completedInterviewLow: "1.5" }, "completedInterview")).toBe(INCOHERENT);
    expect(gaugeError({ ...base, engagedApplicationLow: "-1" }, "engagedApplication")).toBe(INCOHERENT);
    expect(hasErrors({ ...base, engagedApplicationHigh: "0" })).toBe(true);
  });
});
