package lunarrally

// Hex geometry. The board is a grid of pointy-top hexes in "odd-r" offset
// coordinates: cell (row, col), odd rows shifted half a hex to the right.
// Directions are numbered counter-clockwise from east, so turning left adds
// one and turning right subtracts one (mod 6).

// Board size limits. A scenario may be smaller.
const (
	MaxRows  = 12
	MaxCols  = 24
	MaxCells = MaxRows * MaxCols
)

// Direction names, counter-clockwise from east.
const (
	East = iota
	NorthEast
	NorthWest
	West
	SouthWest
	SouthEast
)

var dirNames = [6]string{"E", "NE", "NW", "W", "SW", "SE"}

// offset steps (drow, dcol) for even and odd rows.
var evenSteps = [6][2]int{{0, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}}
var oddSteps = [6][2]int{{0, 1}, {-1, 1}, {-1, 0}, {0, -1}, {1, 0}, {1, 1}}

// cube is a hex in cube coordinates (x + y + z = 0).
type cube struct{ x, y, z int }

func toCube(row, col int) cube {
	x := col - (row-(row&1))/2
	z := row
	return cube{x, -x - z, z}
}

func (a cube) sub(b cube) cube { return cube{a.x - b.x, a.y - b.y, a.z - b.z} }

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func (a cube) length() int { return max(absInt(a.x), absInt(a.y), absInt(a.z)) }

// rotateRight turns a vector 60 degrees clockwise (east becomes south-east).
func (a cube) rotateRight() cube { return cube{-a.z, -a.x, -a.y} }

// arcOffset places the vector v (from a firer to a target) relative to the
// firer's heading: n is the distance in hexes and k the signed number of
// steps along the ring of radius n from the hex straight ahead (positive to
// the left). in is false when the target lies outside the 120-degree arc
// ahead (|k| > n). Equal |k| at equal n means equal angles to the left and
// right of straight ahead.
func arcOffset(v cube, heading int) (n, k int, in bool) {
	for range heading {
		v = v.rotateRight()
	}
	// Facing east: the wedge between the north-east and south-east rays.
	switch {
	case v.y <= 0 && v.z <= 0:
		return v.x, -v.z, true
	case v.x >= 0 && v.z >= 0:
		return -v.y, -v.z, true
	}
	return v.length(), 0, false
}
