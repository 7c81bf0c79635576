package seat

import "sort"

// allSessions lists the ids of every session the service keeps, whoever
// started them (the tests' view from inside).
func allSessions(sv *Service) []string {
	sv.mu.RLock()
	defer sv.mu.RUnlock()
	ids := make([]string, 0, len(sv.sessions))
	for id := range sv.sessions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// dropSessions deletes every session.
func dropSessions(sv *Service) {
	sv.mu.Lock()
	defer sv.mu.Unlock()
	for id, s := range sv.sessions {
		s.mu.Lock()
		s.deleted = true
		s.mu.Unlock()
		delete(sv.sessions, id)
	}
}

// creator is the caller that holds a start's creator token.
func creator(v View) Caller {
	if v.Tokens == nil {
		return Caller{}
	}
	return Caller{Token: v.Tokens.Creator}
}
