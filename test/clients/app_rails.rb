# test/clients/app_rails.rb: an application's use of snowflake through
# ActiveRecord (Debian's ruby-activerecord and ruby-pg).  Connects through
# PGHOST/PGPORT/PGUSER/PGDATABASE; prints one line per failed check and a
# closing "rails: N passed, N failed".  The regions between "# doc: NAME"
# and "# end doc: NAME" are shown in doc/snowflake-clients.md, and
# test/clients/recipes.py fails when the two differ.
require "active_record"
require "stringio"

$passed = 0
$failed = 0
def check(name, ok, detail = nil)
  if ok
    $passed += 1
  else
    $failed += 1
    puts "FAIL #{name}: #{detail.inspect}"
  end
end

MAX = 2**64 - 1 # minted in 2163; 2^63 comes in 2093
N = 1000        # rows enough that the planner picks the index by cost

# doc: rails-type
# config/initializers/snowflake.rb
class SnowflakeType < ActiveRecord::Type::Value
  RANGE = 0..(2**64 - 1)

  def type
    :snowflake
  end

  def serialize(value) # to the database: decimal text, exact above 2^63
    value = cast(value)
    value&.to_s
  end

  private

  def cast_value(value) # from the database (text) or from the application
    id = value.is_a?(::Integer) ? value : Integer(value.to_s, 10)
    raise ArgumentError, "not a snowflake id: #{value.inspect}" unless RANGE.cover?(id)

    id
  end
end
ActiveRecord::Type.register(:snowflake, SnowflakeType, adapter: :postgresql)

module SnowflakeJSON # ids into JSON as strings: JavaScript rounds above 2^53
  def serializable_hash(options = nil)
    super.to_h do |name, value|
      snowflake = self.class.type_for_attribute(name).is_a?(SnowflakeType)
      [name, snowflake && value ? value.to_s : value]
    end
  end
end
# end doc: rails-type

# doc: rails-model
# db/migrate/20261206000000_create_events.rb
class CreateEvents < ActiveRecord::Migration[6.1]
  def change
    create_table :events, id: :snowflake, default: -> { "gen_snowflake()" } do |t|
      t.text :payload
    end
  end
end

# app/models/event.rb
class Event < ActiveRecord::Base
  include SnowflakeJSON
  attribute :id, :snowflake # and on every other snowflake column (foreign keys)
  scope :minted_within, ->(from, to) { where("id <@ tstzrange(?, ?, '[]')", from, to) }
end
# end doc: rails-model

# The same table without the attribute: what ActiveRecord does alone; and
# with it, without SnowflakeJSON.
class PlainEvent < ActiveRecord::Base
  self.table_name = "events"
end

class BareEvent < ActiveRecord::Base
  self.table_name = "events"
  attribute :id, :snowflake
end

def main
  ActiveRecord::Base.establish_connection(adapter: "postgresql") # PGHOST, PGPORT, ...
  ActiveRecord::Migration.verbose = false
  conn = ActiveRecord::Base.connection
  ms_now = "SELECT date_trunc('milliseconds', clock_timestamp())"
  from = conn.select_value(ms_now)
  CreateEvents.migrate(:up)
  begin
    # doc: rails-use
    event = Event.create!(payload: "hello")
    event.id     # an Integer, e.g. 388075871774179328
    event.to_json # {"id":"388075871774179328","payload":"hello"}
    Event.find(event.id)
    # end doc: rails-use
    text = conn.select_value("SELECT id::text FROM events WHERE payload = 'hello'")
    check("the minted id is an Integer", event.id.is_a?(Integer), event.id.class)
    check("the minted id is exact", event.id.to_s == text, [event.id, text])
    check("JSON holds the id as a string", event.to_json == %({"id":"#{text}","payload":"hello"}), event.to_json)
    check("find by the id", Event.find(event.id).payload == "hello")
    plain = PlainEvent.find_by(payload: "hello")
    check("without the attribute, the id is an exact String", plain.id == text, plain.id)
    bare = BareEvent.find(event.id)
    check("without SnowflakeJSON, JSON holds the id as a number",
          bare.to_json == %({"id":#{text},"payload":"hello"}), bare.to_json)

    Event.insert_all(Array.new(N) { |i| { payload: "row #{i}" } })
    to = conn.select_value(ms_now)
    Event.create!(id: MAX, payload: "max")
    conn.execute("ANALYZE events")

    # doc: rails-window
    recent = Event.minted_within(from, to).to_a
    # end doc: rails-window
    check("the window holds every minted row, and only them",
          recent.size == N + 1 && recent.all? { |e| e.id.is_a?(Integer) && e.payload != "max" }, recent.size)
    check("the day before holds none", Event.minted_within(from - 86_400, from).count.zero?)

    # doc: rails-explain
    plan = Event.where(id: event.id).explain
    # EXPLAIN for: SELECT "events".* FROM "events" WHERE "events"."id" = $1 [["id", "388075871774179328"]]
    # Index Scan using events_pkey on events ...
    # end doc: rails-explain
    check("where(id:) uses the index", plan.match?(/^ Index Scan using events_pkey on events/), plan)
    plain_plan = PlainEvent.where(id: text).explain
    check("without the attribute, where(id:) with a String uses the index",
          plain_plan.match?(/^ Index Scan using events_pkey on events/), plain_plan)
    check("the plan binds the id as a parameter", plan.include?("= $1"), plan)

    max = Event.find(MAX)
    check("2^64-1 round-trips as an Integer", max.id == MAX && max.id.is_a?(Integer), max.id)
    check("2^64-1 in JSON", max.as_json == { "id" => "18446744073709551615", "payload" => "max" }, max.as_json)
    begin
      Event.where(id: -1).to_a
      check("a negative id is refused before sending", false, "no error")
    rescue StandardError => e
      check("a negative id is refused before sending",
            e.is_a?(ArgumentError) && e.message.include?("not a snowflake id"), e.message)
    end
  ensure
    conn.drop_table(:events, if_exists: true)
  end
end

begin
  warnings = $stderr = StringIO.new # what ActiveRecord warns
  main
  $stderr = STDERR
  oid = ActiveRecord::Base.connection.select_value("SELECT 'snowflake'::regtype::oid")
  check("one warning: the unknown OID, once per connection",
        warnings.string == "unknown OID #{oid}: failed to recognize type of 'id'. It will be treated as String.\n",
        warnings.string)
rescue Exception => e # rubocop:disable Lint/RescueException -- a crash is a failure, reported like the rest
  $stderr = STDERR
  $failed += 1
  puts "FAIL rails: #{e.class}: #{e.message}"
  puts e.backtrace.first(5)
end
puts "rails: #{$passed} passed, #{$failed} failed"
exit($failed.zero? ? 0 : 1)
