// Who a person is and how to reach them, as the staff's forms hold it (an agency's administrator,
// a candidate): the values PersonFields.tsx edits, part of a larger form's. Apart from the fields
// so that a feature's model takes them without loading the form's UI.
import { Civility } from "../../gen/tremplin/common/v1/common_pb";

/** The values PersonNameFields and PersonContactFields edit (the e-mail is the form's own). */
export type PersonValues = {
  civility: Civility;
  firstName: string;
  lastName: string;
  mobileNumber: string;
  phoneNumber: string;
  job: string;
};

export const EMPTY_PERSON: PersonValues = {
  civility: Civility.UNSPECIFIED,
  firstName: "",
  lastName: "",
  mobileNumber: "",
  phoneNumber: "",
  job: "",
};
