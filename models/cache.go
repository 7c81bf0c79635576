package models

import (
	"encoding/binary"
	"math"
	"sync"
)

// DefaultCacheBytes bounds the memory a cache made by NewCache holds: keys
// are whole observations (4 bytes a float), which for large grids (tens of
// kilobytes each) would otherwise let a cache of 1<<16 entries grow to
// gigabytes.
const DefaultCacheBytes = 256 << 20

// entryOverhead is the estimated cost of an entry beyond its key and value
// bytes (map bucket, string and slice headers).
const entryOverhead = 64

// Cache remembers network outputs keyed on the exact observation and mask.
// It holds at most its size in entries (rounded up to an even number) and
// about its byte bound in memory: entries live in
// two generations, and when the newer one reaches half of either bound the
// older one is dropped (an approximate LRU that costs nothing per hit: a
// hit in the older generation moves the entry to the newer). It is safe
// for concurrent use.
type Cache struct {
	mu           sync.Mutex
	size         int
	maxBytes     int64
	cur, old     map[string][]float32
	curBytes     int64
	oldBytes     int64
	hits, misses int64
}

// NewCache makes a cache of at most size entries and DefaultCacheBytes
// bytes; size <= 0 gives nil, a cache that remembers nothing (its methods
// accept a nil receiver).
func NewCache(size int) *Cache {
	return NewCacheBytes(size, DefaultCacheBytes)
}

// NewCacheBytes makes a cache of at most size entries and about maxBytes
// bytes of keys, values and bookkeeping; size <= 0 or maxBytes <= 0 gives
// nil, a cache that remembers nothing.
func NewCacheBytes(size int, maxBytes int64) *Cache {
	if size <= 0 || maxBytes <= 0 {
		return nil
	}
	return &Cache{size: size, maxBytes: maxBytes, cur: map[string][]float32{}, old: map[string][]float32{}}
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

func entryBytes(key string, val []float32) int64 {
	return int64(len(key)) + 4*int64(len(val)) + entryOverhead
}

// add puts an entry in the newer generation, first retiring it if it has
// reached half of either bound. c.mu is held.
func (c *Cache) add(key string, val []float32) {
	n := entryBytes(key, val)
	if len(c.cur) > 0 && (len(c.cur) >= (c.size+1)/2 || c.curBytes+n > c.maxBytes/2) {
		c.old, c.cur = c.cur, make(map[string][]float32, len(c.cur))
		c.oldBytes, c.curBytes = c.curBytes, 0
	}
	c.cur[key] = val
	c.curBytes += n
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
			k := string(key)
			delete(c.old, k)
			c.oldBytes -= entryBytes(k, v)
			c.add(k, v)
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
	c.put(string(key), val)
}

// put is Put with the key already a string (the evaluator keeps its
// pending keys as strings: no copy of a large key back and forth).
func (c *Cache) put(k string, val []float32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		c.curBytes -= entryBytes(k, v)
		delete(c.cur, k)
	} else if v, ok := c.old[k]; ok {
		c.oldBytes -= entryBytes(k, v)
		delete(c.old, k)
	}
	c.add(k, val)
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
	return len(c.cur) + len(c.old)
}

// Bytes is the estimated memory the entries hold: keys, values and a fixed
// overhead per entry.
func (c *Cache) Bytes() int64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.curBytes + c.oldBytes
}
