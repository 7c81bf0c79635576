package distributed

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"github.com/moongym/moongym/engine"
	"github.com/moongym/moongym/models"
)

// encodeModel is net's model file for g, as workers load it (no
// provenance: the same network always gives the same bytes).
func encodeModel(g engine.Game, net *models.Network) ([]byte, error) {
	var buf bytes.Buffer
	m := models.Model{Game: g.Spec().Name, Params: g.Params(), Net: net}
	if err := m.Encode(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// storeModel stores data as object name in ModelBucket, unless ifMissing
// and the object is there already, then deletes the objects stale (those
// already gone are fine).
func storeModel(ctx context.Context, js jetstream.JetStream, name string, data []byte, ifMissing bool, stale ...string) error {
	err := retry(ctx, func(ctx context.Context) error {
		store, err := js.ObjectStore(ctx, ModelBucket)
		if err != nil {
			return err
		}
		put := true
		if ifMissing {
			info, err := store.GetInfo(ctx, name)
			switch {
			case err == nil:
				put = info.Deleted
			case !errors.Is(err, jetstream.ErrObjectNotFound):
				return err
			}
		}
		if put {
			if _, err := store.PutBytes(ctx, name, data); err != nil {
				return err
			}
		}
		return deleteFrom(ctx, store, stale)
	})
	if err != nil {
		return fmt.Errorf("%w: model %s: %w", ErrNATS, name, err)
	}
	return nil
}

// deleteModels deletes objects names from ModelBucket (those already gone
// are fine).
func deleteModels(ctx context.Context, js jetstream.JetStream, names []string) error {
	if len(names) == 0 {
		return nil
	}
	err := retry(ctx, func(ctx context.Context) error {
		store, err := js.ObjectStore(ctx, ModelBucket)
		if err != nil {
			return err
		}
		return deleteFrom(ctx, store, names)
	})
	if err != nil {
		return fmt.Errorf("%w: delete models %v: %w", ErrNATS, names, err)
	}
	return nil
}

func deleteFrom(ctx context.Context, store jetstream.ObjectStore, names []string) error {
	for _, name := range names {
		if err := store.Delete(ctx, name); err != nil && !errors.Is(err, jetstream.ErrObjectNotFound) {
			return err
		}
	}
	return nil
}

// listModels are the names of the objects in ModelBucket that start with
// prefix.
func listModels(ctx context.Context, js jetstream.JetStream, prefix string) ([]string, error) {
	var names []string
	err := retry(ctx, func(ctx context.Context) error {
		names = names[:0]
		store, err := js.ObjectStore(ctx, ModelBucket)
		if err != nil {
			return err
		}
		infos, err := store.List(ctx)
		if errors.Is(err, jetstream.ErrNoObjectsFound) {
			return nil
		}
		if err != nil {
			return err
		}
		for _, info := range infos {
			if strings.HasPrefix(info.Name, prefix) && !info.Deleted {
				names = append(names, info.Name)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%w: list models %s*: %w", ErrNATS, prefix, err)
	}
	return names, nil
}
