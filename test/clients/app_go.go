// test/clients/app_go.go: an application's use of snowflake through
// database/sql and lib/pq (Debian's golang-github-lib-pq-dev).  test/check
// builds it offline (GO111MODULE=off, GOPATH=/usr/share/gocode).  Connects
// through PGHOST/PGPORT/PGUSER/PGDATABASE; prints one line per failed check
// and a closing "go: N passed, N failed".  The regions between "// doc: NAME"
// and "// end doc: NAME" are shown in doc/snowflake-clients.md, and
// test/clients/recipes.py fails when the two differ.
package main

import (
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	_ "github.com/lib/pq"
)

var passed, failed int

func check(name string, ok bool, detail interface{}) {
	if ok {
		passed++
	} else {
		failed++
		fmt.Printf("FAIL %s: %v\n", name, detail)
	}
}

const (
	max = uint64(1<<64 - 1) // minted in 2163; 2^63 comes in 2093
	n   = 1000              // rows enough that the planner picks the index by cost
)

// doc: go-type
// Snowflake is a snowflake id: unsigned, so exact from 2^63 up (ids minted
// after 2093), where an int64 fails.
type Snowflake uint64

// Scan reads an id from its decimal text, as lib/pq hands over a type it
// does not know.
func (s *Snowflake) Scan(src any) error {
	var text string
	switch v := src.(type) {
	case []byte:
		text = string(v)
	case string:
		text = v
	default:
		return fmt.Errorf("snowflake: cannot scan %T", src)
	}
	id, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("snowflake: %w", err)
	}
	*s = Snowflake(id)
	return nil
}

// Value sends an id as decimal text: database/sql refuses a uint64 from 2^63 up.
func (s Snowflake) Value() (driver.Value, error) {
	return strconv.FormatUint(uint64(s), 10), nil
}

// MarshalJSON writes an id as a JSON string: JavaScript rounds numbers above 2^53.
func (s Snowflake) MarshalJSON() ([]byte, error) {
	return []byte(strconv.Quote(strconv.FormatUint(uint64(s), 10))), nil
}

// UnmarshalJSON reads an id from a JSON string.
func (s *Snowflake) UnmarshalJSON(b []byte) error {
	text, err := strconv.Unquote(string(b))
	if err != nil {
		return fmt.Errorf("snowflake: a JSON id is a string: %s", b)
	}
	return s.Scan(text)
}

type Event struct {
	ID      Snowflake `json:"id"`
	Payload string    `json:"payload"`
}

// end doc: go-type

func msNow(db *sql.DB) time.Time {
	var t time.Time
	if err := db.QueryRow("SELECT date_trunc('milliseconds', clock_timestamp())").Scan(&t); err != nil {
		panic(err)
	}
	return t
}

func run(db *sql.DB) error {
	// Plain integers: uint64 scans every id; int64 and uint64 parameters fail past 2^63.
	var u uint64
	err := db.QueryRow("SELECT '18446744073709551615'::snowflake").Scan(&u)
	check("plain uint64: Scan is exact at 2^64-1", err == nil && u == max, fmt.Sprint(u, err))
	var i int64
	err = db.QueryRow("SELECT '9223372036854775808'::snowflake").Scan(&i)
	check("plain int64: Scan fails at 2^63", err != nil && strings.Contains(err.Error(), "out of range"), err)
	var text string
	err = db.QueryRow("SELECT $1::snowflake", "18446744073709551615").Scan(&text)
	check("string: Scan and parameter are exact at 2^64-1", err == nil && text == "18446744073709551615",
		fmt.Sprint(text, err))
	err = db.QueryRow("SELECT $1::snowflake::text", max).Scan(&text)
	check("plain uint64 parameter: refused at 2^63 and up",
		err != nil && strings.Contains(err.Error(), "uint64 values with high bit set are not supported"), err)

	defer db.Exec("DROP TABLE IF EXISTS go_events")
	from := msNow(db)
	// doc: go-use
	_, err = db.Exec(`CREATE TABLE go_events (
		id snowflake PRIMARY KEY DEFAULT gen_snowflake(),
		payload text)`)
	if err != nil {
		return err
	}
	ev := Event{Payload: "hello"}
	err = db.QueryRow("INSERT INTO go_events (payload) VALUES ($1) RETURNING id", ev.Payload).Scan(&ev.ID)
	if err != nil {
		return err
	}
	js, _ := json.Marshal(ev) // {"id":"388075871774179328","payload":"hello"}
	var same Event
	err = db.QueryRow("SELECT id, payload FROM go_events WHERE id = $1", ev.ID).Scan(&same.ID, &same.Payload)
	// end doc: go-use
	check("the id as a parameter finds its row", err == nil && same == ev, fmt.Sprint(same, err))
	if err = db.QueryRow("SELECT id::text FROM go_events WHERE payload = 'hello'").Scan(&text); err != nil {
		return err
	}
	check("the minted id is exact", strconv.FormatUint(uint64(ev.ID), 10) == text, fmt.Sprint(ev.ID, " ", text))
	check("JSON holds the id as a string", string(js) == `{"id":"`+text+`","payload":"hello"}`, string(js))
	var back Event
	err = json.Unmarshal(js, &back)
	check("JSON reads back", err == nil && back == ev, fmt.Sprint(back, err))

	tx, err := db.Begin()
	if err != nil {
		return err
	}
	stmt, err := tx.Prepare("INSERT INTO go_events (payload) VALUES ($1)")
	if err != nil {
		return err
	}
	for k := 0; k < n; k++ {
		if _, err = stmt.Exec(fmt.Sprintf("row %d", k)); err != nil {
			return err
		}
	}
	if err = tx.Commit(); err != nil {
		return err
	}
	to := msNow(db)
	if _, err = db.Exec("INSERT INTO go_events (id, payload) VALUES ($1, 'max')", Snowflake(max)); err != nil {
		return err
	}
	if _, err = db.Exec("ANALYZE go_events"); err != nil {
		return err
	}

	// doc: go-window
	rows, err := db.Query("SELECT id, payload FROM go_events WHERE id <@ tstzrange($1, $2, '[]')", from, to)
	if err != nil {
		return err
	}
	var recent []Event
	for rows.Next() {
		var e Event
		if err = rows.Scan(&e.ID, &e.Payload); err != nil {
			return err
		}
		recent = append(recent, e)
	}
	// end doc: go-window
	rows.Close()
	onlyMinted := true
	for _, e := range recent {
		onlyMinted = onlyMinted && e.Payload != "max"
	}
	check("the window holds every minted row, and only them", len(recent) == n+1 && onlyMinted, len(recent))

	// doc: go-explain
	rows, err = db.Query("EXPLAIN SELECT id, payload FROM go_events WHERE id = $1", ev.ID)
	// Index Scan using go_events_pkey on go_events ...
	// end doc: go-explain
	if err != nil {
		return err
	}
	var plan []string
	for rows.Next() {
		var line string
		if err = rows.Scan(&line); err != nil {
			return err
		}
		plan = append(plan, line)
	}
	rows.Close()
	check("id = $1 uses the index",
		regexp.MustCompile(`^Index Scan using go_events_pkey on go_events`).MatchString(strings.Join(plan, "\n")), plan)

	var top Event
	err = db.QueryRow("SELECT id, payload FROM go_events WHERE id = $1", Snowflake(max)).Scan(&top.ID, &top.Payload)
	check("2^64-1 round-trips as a Snowflake", err == nil && uint64(top.ID) == max && top.Payload == "max",
		fmt.Sprint(top, err))
	js, _ = json.Marshal(top)
	check("2^64-1 in JSON", string(js) == `{"id":"18446744073709551615","payload":"max"}`, string(js))
	js, _ = json.Marshal(struct{ ID uint64 }{max})
	check("a plain uint64 field is a JSON number", string(js) == `{"ID":18446744073709551615}`, string(js))
	return nil
}

func main() {
	db, err := sql.Open("postgres", "") // PGHOST, PGPORT, PGUSER, PGDATABASE
	if err == nil {
		err = run(db)
		db.Close()
	}
	if err != nil { // a crash is a failure, reported like the rest
		failed++
		fmt.Printf("FAIL go: %v\n", err)
	}
	fmt.Printf("go: %d passed, %d failed\n", passed, failed)
	if failed > 0 {
		os.Exit(1)
	}
}
