/* snowflake--1.3--1.4.sql: time windows no longer capture untyped ranges;
 * minting for an explicit worker survives dump and restore by any role */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\echo Use "ALTER EXTENSION snowflake UPDATE TO '1.4'" to load this file. \quit
