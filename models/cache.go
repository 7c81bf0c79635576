package models

import (
	"encoding/binary"
	"math"
	"sync"
)

// Cache remembers network outputs keyed on the exact observation and mask.
// It holds at most about Size entries: when the newer of its two
// generations fills up, the older one is dropped (an approximate LRU that
// costs nothing per hit). It is safe for concurrent use.
type Cache struct {
	mu           sync.Mutex
	size         int
	cur, old     map[string][]float32
	hits, misses int64
}

// NewCache makes a cache of about size entries; size <= 0 gives nil, a
// cache that remembers nothing (its methods accept a nil receiver).
func NewCache(size int) *Cache {
	if size <= 0 {
		return nil
	}
	return &Cache{size: size, cur: map[string][]float32{}, old: map[string][]float32{}}
}

// CacheKey is the key of an observation and its mask: the float bits of
// the observation and one bit per action of the mask.
func CacheKey(dst []byte, obs, mask []float32) []byte {
	dst = dst[:0]
	for _, v := range obs {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(v))
	}
	var b byte
	for i, m := range mask {
		if m != 0 {
			b |= 1 << (i % 8)
		}
		if i%8 == 7 || i == len(mask)-1 {
			dst = append(dst, b)
			b = 0
		}
	}
	return dst
}

// Get finds an entry; the slice returned must not be changed.
func (c *Cache) Get(key []byte) ([]float32, bool) {
	if c == nil {
		return nil, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.cur[string(key)]
	if !ok {
		if v, ok = c.old[string(key)]; ok {
			c.cur[string(key)] = v
		}
	}
	if ok {
		c.hits++
	} else {
		c.misses++
	}
	return v, ok
}

// Put stores an entry; the cache keeps val, which must not be changed later.
func (c *Cache) Put(key []byte, val []float32) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.cur) >= (c.size+1)/2 {
		c.old, c.cur = c.cur, make(map[string][]float32, len(c.cur))
	}
	c.cur[string(key)] = val
}

// Stats are the number of hits and misses so far.
func (c *Cache) Stats() (hits, misses int64) {
	if c == nil {
		return 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits, c.misses
}

// Len is the number of entries held.
func (c *Cache) Len() int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(c.cur)
	for k := range c.old {
		if _, dup := c.cur[k]; !dup {
			n++
		}
	}
	return n
}
