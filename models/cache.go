package models

import (
	"encoding/binary"
	"hash/maphash"
	"math"
	"sync"
	"unsafe"
)

// DefaultCacheBytes bounds the memory a cache made by NewCache holds: its
// values (policy and values of a row, 4 bytes a float) and bookkeeping.
const DefaultCacheBytes = 256 << 20

// entryOverhead is the estimated cost of an entry beyond its value bytes
// (the 16-byte digest, map bucket and slice header).
const entryOverhead = 64

// digest is what a cache keeps of a key: two 64-bit hashes of its bytes
// under independent seeds. Two different keys share a digest with
// probability about 2^-128 (with a million entries, about 2^-88 that any
// two do), so a hit is the exact key's entry in practice, while an entry
// costs 16 bytes instead of a whole observation (tens of kilobytes for
// large inputs: copying and comparing those took a fifth of a search's
// time).
type digest [2]uint64

// Cache remembers network outputs keyed on the observation and mask (by a
// 128-bit digest of their exact bits, see digest; the hash seeds are the
// cache's own, drawn when it is made, and change no result). It holds at
// most its size in entries (rounded up to an even number) and about its
// byte bound in memory: entries live in two generations, and when the
// newer one reaches half of either bound the older one is dropped (an
// approximate LRU that costs nothing per hit: a hit in the older
// generation moves the entry to the newer). It is safe for concurrent use.
type Cache struct {
	mu           sync.Mutex
	size         int
	maxBytes     int64
	seeds        [2]maphash.Seed
	cur, old     map[digest][]float32
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
	return &Cache{size: size, maxBytes: maxBytes, seeds: [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()},
		cur: map[digest][]float32{}, old: map[digest][]float32{}}
}

// CacheKey is the key of an observation and its mask: the float bits of
// the observation and one bit per action of the mask.
func CacheKey(dst []byte, obs, mask []float32) []byte {
	dst = dst[:0]
	for _, v := range obs {
		dst = binary.LittleEndian.AppendUint32(dst, math.Float32bits(v))
	}
	return packMask(dst, mask)
}

// packMask appends one bit per action of the mask (set: nonzero), eight
// to a byte.
func packMask(dst []byte, mask []float32) []byte {
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

// digestOf is the digest of a key's bytes.
func (c *Cache) digestOf(key []byte) digest {
	return digest{maphash.Bytes(c.seeds[0], key), maphash.Bytes(c.seeds[1], key)}
}

// digestObs is the digest of CacheKey(obs, mask) without building that
// key: the observation's bytes are hashed in place (in the machine's byte
// order, which is all a digest that never leaves the process needs), the
// mask as CacheKey packs it, into scratch.
func (c *Cache) digestObs(obs, mask []float32, scratch []byte) (digest, []byte) {
	if !littleEndian {
		scratch = CacheKey(scratch, obs, mask)
		return c.digestOf(scratch), scratch
	}
	var ob []byte
	if len(obs) > 0 {
		ob = unsafe.Slice((*byte)(unsafe.Pointer(&obs[0])), 4*len(obs))
	}
	scratch = packMask(scratch[:0], mask)
	var d digest
	for i, seed := range c.seeds {
		var h maphash.Hash
		h.SetSeed(seed)
		_, _ = h.Write(ob) // a maphash.Hash never fails to write
		_, _ = h.Write(scratch)
		d[i] = h.Sum64()
	}
	return d, scratch
}

// littleEndian: the machine stores a float's bytes as CacheKey writes them.
var littleEndian = binary.NativeEndian.Uint16([]byte{1, 0}) == 1

func entryBytes(val []float32) int64 {
	return 4*int64(len(val)) + entryOverhead
}

// add puts an entry in the newer generation, first retiring it if it has
// reached half of either bound. c.mu is held.
func (c *Cache) add(key digest, val []float32) {
	n := entryBytes(val)
	if len(c.cur) > 0 && (len(c.cur) >= (c.size+1)/2 || c.curBytes+n > c.maxBytes/2) {
		c.old, c.cur = c.cur, make(map[digest][]float32, len(c.cur))
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
	return c.get(c.digestOf(key))
}

// get is Get by digest.
func (c *Cache) get(k digest) ([]float32, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.cur[k]
	if !ok {
		if v, ok = c.old[k]; ok {
			delete(c.old, k)
			c.oldBytes -= entryBytes(v)
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
	c.put(c.digestOf(key), val)
}

// put is Put by digest.
func (c *Cache) put(k digest, val []float32) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.cur[k]; ok {
		c.curBytes -= entryBytes(v)
		delete(c.cur, k)
	} else if v, ok := c.old[k]; ok {
		c.oldBytes -= entryBytes(v)
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

// Bytes is the estimated memory the entries hold: values and a fixed
// overhead per entry (digest, map and slice bookkeeping).
func (c *Cache) Bytes() int64 {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.curBytes + c.oldBytes
}
