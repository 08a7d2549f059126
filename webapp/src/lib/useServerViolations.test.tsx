import { describe, expect, it } from "vitest";
import { act, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { Code } from "@connectrpc/connect";
import { invalidFields, serverError } from "../test/errors";
import { lastFieldOf, useServerViolations, violationErrors, type ViolationMapping } from "./useServerViolations";

type Values = { firstName: string; email: string; mobileNumber: string; city: string };

let place: (err: unknown) => boolean = () => false;

/** A form of four fields whose errors show under them, with the hook's placer exposed. */
function Probe({ mapping }: { mapping?: ViolationMapping<keyof Values> }) {
  const form = useForm<Values>({ defaultValues: { firstName: "", email: "", mobileNumber: "", city: "" } });
  place = useServerViolations(form, mapping);
  const { errors } = form.formState;
  return (
    <form>
      {(["firstName", "email", "mobileNumber", "city"] as const).map((name) => (
        <label key={name}>
          {name}
          <input {...form.register(name)} />
          <span data-testid={`error-${name}`}>{errors[name]?.message ?? ""}</span>
        </label>
      ))}
    </form>
  );
}

const errorOf = (name: string) => screen.getByTestId(`error-${name}`).textContent;

describe("useServerViolations", () => {
  it("puts each violation's French message under the field it names and focuses the first", async () => {
    render(<Probe mapping={{ ownRules: /^contact\./ }} />);
    const err = await invalidFields([
      { path: ["contact", "email"], ruleId: "string.email", message: "value must be a valid email address" },
      { path: ["contact", "first_name"], ruleId: "contact.first_name.chars", message: "Le prénom ne peut contenir que des lettres" },
      { path: ["contact", "mobile_number"], ruleId: "string.pattern", message: "value does not match regex" },
      { path: ["contact", "city"], ruleId: "string.min_len", message: "value length must be at least 1 characters" },
      { path: ["contact", "unknown_field"], ruleId: "string.max_len", message: "too long" },
    ]);
    let placed = false;
    act(() => {
      placed = place(err);
    });
    expect(placed).toBe(true);
    expect(errorOf("email")).toBe("Le format de l'email est incorrect");
    expect(errorOf("firstName")).toBe("Le prénom ne peut contenir que des lettres");
    expect(errorOf("mobileNumber")).toBe("Le format du numéro de téléphone est incorrect");
    expect(errorOf("city")).toBe("Ce champ est obligatoire");
    expect(document.activeElement).toBe(document.querySelector("input[name=email]"));
  });

  it("follows the form's own field names and messages", async () => {
    render(<Probe mapping={{ field: (p) => (p === "agency.town" ? "city" : undefined), message: (f, v) => (f === "city" ? `Ville : ${v.ruleId}` : undefined) }} />);
    const err = await invalidFields([
      { path: ["agency", "town"], ruleId: "agency.town", message: "x" },
      { path: ["agency", "email"], ruleId: "string.email", message: "y" },
    ]);
    act(() => void place(err));
    expect(errorOf("city")).toBe("Ville : agency.town");
    expect(errorOf("email")).toBe("");
    expect(document.activeElement).toBe(document.querySelector("input[name=city]"));
  });

  it("places nothing, and says so, for a refusal naming no field of the form", async () => {
    render(<Probe />);
    for (const err of [serverError(Code.Internal, "INTERNAL"), await invalidFields([{ path: ["id"], ruleId: "string.uuid", message: "bad id" }]), new Error("réseau")]) {
      let placed = true;
      act(() => {
        placed = place(err);
      });
      expect(placed).toBe(false);
    }
    for (const name of ["firstName", "email", "mobileNumber", "city"]) expect(errorOf(name)).toBe("");
  });
});

describe("violationErrors", () => {
  it("keys the messages by field, the first violation of a field winning", async () => {
    const err = await invalidFields([
      { path: ["task", "media_type"], ruleId: "task.media_type.channel", message: "Ce contact n'a pas d'adresse e-mail" },
      { path: ["task", "media_type"], ruleId: "enum.defined_only", message: "value must be one of the defined enum values" },
      { path: ["task", "subject"], ruleId: "enum.not_in", message: "value must not be in list [0]" },
    ]);
    expect(violationErrors(err, { ownRules: /^task\./ })).toEqual({ mediaType: "Ce contact n'a pas d'adresse e-mail", subject: "Ce champ est obligatoire" });
    expect(violationErrors(serverError(Code.InvalidArgument, "INVALID_FIELDS"))).toBeUndefined();
  });

  it("names a field by the path's last element", () => {
    expect(lastFieldOf("contact.task.media_type")).toBe("mediaType");
    expect(lastFieldOf("contacts[3].first_name")).toBe("firstName");
    expect(lastFieldOf("labels[\"ville\"]")).toBe("labels");
  });
});
