// The actions of one application (the list's « action » column, a card's menu): see the
// details; while it is open (new or engaged), edit, add a task or an interview, close it as
// won or lost through the report.
import Divider from "@mui/material/Divider";
import EditRounded from "@mui/icons-material/EditRounded";
import FlagRounded from "@mui/icons-material/FlagRounded";
import VisibilityOutlined from "@mui/icons-material/VisibilityOutlined";
import { RowMenu, RowMenuItem } from "../../../components/RowMenu";
import { addActivityItems } from "../../../components/activity/addActivityItems";
import { isClosed } from "../../../components/applicationStatus";
import type { Application } from "../../../gen/tremplin/opportunity/v1/opportunity_pb";
import { applicationListMessages } from "../../../lib/messages/applicationList";

const m = applicationListMessages.actions;

export type ApplicationHandlers = {
  onEdit: () => void;
  onAddTask: () => void;
  onAddInterview: () => void;
  onClose: () => void;
};

export type RowHandlers = (application: Application) => ApplicationHandlers;

export function ApplicationActionsMenu({ application, handlers }: { application: Application; handlers: ApplicationHandlers }) {
  return (
    <RowMenu label={m.menu(application.company)} minWidth={240} buttonSx={{ width: 44, height: 44 }}>
      <RowMenuItem to={`/application/${application.id}`} icon={<VisibilityOutlined fontSize="small" />}>
        {m.details}
      </RowMenuItem>
      {!isClosed(application) && [
        <RowMenuItem key="edit" onClick={handlers.onEdit} icon={<EditRounded fontSize="small" />}>
          {m.edit}
        </RowMenuItem>,
        ...addActivityItems(handlers, m),
        <Divider key="divider" />,
        <RowMenuItem key="close" onClick={handlers.onClose} icon={<FlagRounded fontSize="small" />}>
          {m.close}
        </RowMenuItem>,
      ]}
    </RowMenu>
  );
}
