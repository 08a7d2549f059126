package activity

import (
	"context"

	"github.com/tremplin/tremplin/ent"
	"github.com/tremplin/tremplin/ent/task"
	activityv1 "github.com/tremplin/tremplin/gen/tremplin/activity/v1"
	"github.com/tremplin/tremplin/internal/apierr"
	"github.com/tremplin/tremplin/internal/handler"
	"github.com/tremplin/tremplin/internal/tasks"
)

var (
	createTaskRoot = (&activityv1.CreateTaskRequest{}).ProtoReflect().Descriptor()
	updateTaskRoot = (&activityv1.UpdateTaskRequest{}).ProtoReflect().Descriptor()
)

// GetTask answers one of the candidate's tasks.
func (s *Service) GetTask(ctx context.Context, req *activityv1.GetTaskRequest) (*activityv1.GetTaskResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Task)
	if err != nil {
		return nil, err
	}
	t, err := loadTask(ctx, s.Client, v.UserID, id)
	if err != nil {
		return nil, err
	}
	return &activityv1.GetTaskResponse{Task: tasks.ToProto(t)}, nil
}

// CreateTask plans a task under the rules of the task form (internal/tasks.Save).
func (s *Service) CreateTask(ctx context.Context, req *activityv1.CreateTaskRequest) (*activityv1.CreateTaskResponse, error) {
	v, err := handler.Candidate(ctx)
	if err != nil {
		return nil, err
	}
	opts, err := tasks.OptionsFor(ctx, v, s.CallerTime, createTaskRoot, "task")
	if err != nil {
		return nil, err
	}
	created, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.Task, error) {
		return tasks.Save(ctx, tx.Client(), nil, req.GetTask(), opts)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.CreateTaskResponse{Task: tasks.ToProto(created)}, nil
}

// UpdateTask changes a task that is not completed yet, under the same rules.
func (s *Service) UpdateTask(ctx context.Context, req *activityv1.UpdateTaskRequest) (*activityv1.UpdateTaskResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Task)
	if err != nil {
		return nil, err
	}
	opts, err := tasks.OptionsFor(ctx, v, s.CallerTime, updateTaskRoot, "task")
	if err != nil {
		return nil, err
	}
	saved, err := handler.InTx(ctx, &s.Base, func(ctx context.Context, tx *ent.Tx) (*ent.Task, error) {
		client := tx.Client()
		current, err := client.Task.Query().Where(task.ID(id), task.OwnerID(v.UserID)).Only(ctx)
		if err != nil {
			return nil, err
		}
		return tasks.Save(ctx, client, current, req.GetTask(), opts)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.UpdateTaskResponse{Task: tasks.ToProto(saved)}, nil
}

// DeleteTask removes a task that is not completed.
func (s *Service) DeleteTask(ctx context.Context, req *activityv1.DeleteTaskRequest) (*activityv1.DeleteTaskResponse, error) {
	v, id, err := handler.CandidateAndID(ctx, req.GetId(), apierr.Task)
	if err != nil {
		return nil, err
	}
	err = s.Tx(ctx, func(ctx context.Context, tx *ent.Tx) error {
		client := tx.Client()
		status, err := client.Task.Query().Where(task.ID(id), task.OwnerID(v.UserID)).Select(task.FieldStatus).String(ctx)
		if err != nil {
			return err
		}
		if task.Status(status) == task.StatusCompleted {
			return tasks.ErrCompleted()
		}
		return client.Task.DeleteOneID(id).Where(task.OwnerID(v.UserID)).Exec(ctx)
	})
	if err != nil {
		return nil, err
	}
	return &activityv1.DeleteTaskResponse{}, nil
}
