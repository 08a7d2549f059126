// A contact's rhythm (« Rester en contact »): the choices, in order, and how each is said.
import { TouchRhythm } from "../../gen/tremplin/network/v1/network_pb";
import { networkMessages } from "../../lib/messages/network";

const r = networkMessages.form.touchRhythms;

export const TOUCH_RHYTHMS = [TouchRhythm.UNSPECIFIED, TouchRhythm.TWO_WEEKS, TouchRhythm.MONTH, TouchRhythm.QUARTER] as const;

export const touchRhythmLabels: Record<TouchRhythm, string> = {
  [TouchRhythm.UNSPECIFIED]: r.none,
  [TouchRhythm.TWO_WEEKS]: r.twoWeeks,
  [TouchRhythm.MONTH]: r.month,
  [TouchRhythm.QUARTER]: r.quarter,
};
