#include <fmt/core.h>

#include <memory>
#include <nlohmann/json.hpp>

#include "cli_output.hpp"
#include "commands.hpp"
#include "engine_options.hpp"
#include "input_options.hpp"
#include "launch_job.hpp"
#include "exit_codes.hpp"
#include "option_checks.hpp"
#include "out_file.hpp"
#include "output_format.hpp"
#include "pathscope/apsp/checksum.hpp"
#include "pathscope/apsp/distance_choice.hpp"
#include "pathscope/apsp/npy_writer.hpp"
#include "pathscope/apsp/zarr_matrix_writer.hpp"
#include "progress_printer.hpp"

namespace pathscope::cli {
namespace {

// Each process checks its own chunks; rank 0 writes the metadata once all have.
void commit_share(ZarrMatrixWriter& zarr, ProcessJob& job) {
  std::string failure;
  try {
    zarr.commit();
  } catch (const Error& e) {
    failure = e.what();
  }
  if (job.any(!failure.empty())) {
    if (!failure.empty()) throw Error(failure);
    throw Error("another process of the job could not finish its chunks (its own error says why)");
  }
  if (job.rank() == 0) finish_zarr_table(zarr.folder(), zarr.layout());
}

struct ApspCommand {
  InputOptions input;
  EngineOptions engine_options;
  std::string engine_asked = "auto";
  std::string out_path, next_out_path, out_format;
  std::int64_t chunk_side = 0;
  int zstd_level = 0;
  bool json = false;

  // The --out name says npy or zarr by its ending; --output-format, if given, must agree, and
  // decides for a name with neither ending (npy when not given, as before Zarr tables).
  bool writes_zarr() const {
    const bool zarr_name = is_zarr_table_name(out_path);
    const bool npy_name = out_path.size() > 4 && out_path.compare(out_path.size() - 4, 4, ".npy") == 0;
    if (!out_format.empty() && out_format != "npy" && out_format != "zarr")
      throw UsageError("--output-format " + out_format + ": apsp writes npy or zarr");
    if (!out_format.empty() && out_path.empty()) throw UsageError("--output-format " + out_format + " needs --out");
    if ((zarr_name && out_format == "npy") || (npy_name && out_format == "zarr"))
      throw UsageError("--output-format " + out_format + " but the name " + out_path + " says " + (zarr_name ? "zarr" : "npy"));
    const bool zarr = zarr_name || out_format == "zarr";
    if (zarr && out_path == "-") throw UsageError("--out - --output-format zarr: a Zarr table is a folder, not a stream");
    if (!zarr && (chunk_side != 0 || zstd_level != 0))
      throw UsageError(std::string(chunk_side != 0 ? "--chunk" : "--zstd") + " is for Zarr tables: --out D.zarr");
    return zarr;
  }

  void run() const {
    const bool zarr_out = writes_zarr();
    const auto job = join_launch_job();
    if (job && !out_path.empty() && !zarr_out)
      throw UsageError("--out " + out_path + ": a job of processes writes a Zarr table (--out D.zarr), each process its "
                       "own chunks; no process holds the whole matrix for a .npy");
    const std::string engine_name = job ? job_engine(engine_asked, *job) : engine_asked;
    OutFile out("--out", zarr_out ? std::string() : out_path, ".npy", /*binary=*/true);
    OutFile next_out("--next-out", next_out_path, ".npy", /*binary=*/true);
    const auto loaded = input.load_graph();
    const Graph& g = loaded.graph;
    auto engine = make_apsp_engine(engine_name);
    if (const auto why = engine->unavailable_reason(); !why.empty()) throw Error(engine_name + " is unavailable: " + why);
    ApspOptions options = engine_options.to_apsp_options(g);
    options.next_hop = !next_out_path.empty();
    options.job = job.get();
    // The output exists, at its full size, before the run: a full disk or a folder that cannot
    // be written is said at once, and engines that can (gpu-blocked) put each row straight
    // into the file as it leaves the device, hashing it on the way (docs/gpu.md).
    std::unique_ptr<NpyMatrixWriter> npy;
    std::unique_ptr<ZarrMatrixWriter> zarr;
    if (zarr_out && job) {
      const ZarrTableLayout layout = zarr_table_layout(g, options.dist, chunk_side, zstd_level);
      zarr = std::make_unique<ZarrMatrixWriter>(out_path, layout, RowShare{job->rank(), job->world_size(), layout.chunk});
      job->rendezvous().barrier();  // rank 0 has begun the table before any process writes to it
    } else if (zarr_out) {
      zarr = std::make_unique<ZarrMatrixWriter>(out_path, zarr_table_layout(g, options.dist, chunk_side, zstd_level));
    } else if (!out_path.empty()) {
      npy = std::make_unique<NpyMatrixWriter>(out.path(), g, options.dist);
    }
    MatrixSink* const sink = zarr ? static_cast<MatrixSink*>(zarr.get()) : npy.get();
    // Float distances of whole costs are scanned for rounding below, which needs the matrix.
    const bool scan_floats = options.dist == DistType::Float32 && g.integer_weights && !job;
    if (!scan_floats) options.sink = sink;
    ApspResult result;
    {
      ProgressPrinter progress(engine_name);
      try {
        result = engine->run(g, options, progress.context());
      } catch (const NegativeCycle& cycle) {
        throw input.named(cycle, g);
      }
    }
    // Asked-for float on whole costs: the matrix is written, but not silently rounded (a refusal
    // would throw away a finished run that may be all the person wanted).
    if (const std::string rounded = float_rounding_warning(g, result); !rounded.empty())
      fmt::print(stderr, "warning: {}\n", rounded);
    std::string checksum;
    if (sink && !result.rows_in_sink) put_result_rows(result, *sink);
    if (zarr && job) {
      checksum = checksum_hex(matrix_checksum(result));
      commit_share(*zarr, *job);
    } else if (zarr) {
      checksum = checksum_hex(zarr->checksum());
      zarr->commit();
    } else if (npy) {
      checksum = checksum_hex(npy->checksum());
      npy->commit();
      out.finish();
    } else {
      checksum = checksum_hex(matrix_checksum(result));
    }
    if (!next_out_path.empty()) {
      ApspResult next_matrix;
      next_matrix.n = result.n;
      next_matrix.dist = DistType::Int32;
      next_matrix.d32 = std::move(result.next);
      write_npy(next_out.path(), next_matrix);
      next_out.finish();
    }
    const Timing& t = result.timing;
    if (job && job->rank() != 0) return;  // rank 0 speaks for the job
    if (json) {
      nlohmann::json doc = {{"graph", input.spec}, {"n", g.n}, {"m", g.arc_count()}, {"engine", t.engine},
                            {"device", t.device}, {"dist", dist_type_name(result.dist)}, {"seconds", t.seconds},
                            {"compute_seconds", t.compute_seconds}, {"transfer_seconds", t.transfer_seconds},
                            {"updates_per_second", t.updates_per_second()}, {"checksum", checksum}};
      if (!out_path.empty()) doc["out"] = zarr ? out_path : out.shown();
      if (zarr) doc["zarr"] = {{"chunk", zarr->layout().chunk}, {"zstd_level", zarr->layout().zstd_level}};
      if (!next_out_path.empty()) doc["next_out"] = next_out.shown();
      input.add_filter_json(doc, loaded);
      print_json("apsp", std::move(doc));
      return;
    }
    fmt::print("{}: n={} m={} engine={} ({}) dist={}\n", input.spec, g.n, g.arc_count(), t.engine, t.device,
               dist_type_name(result.dist));
    fmt::print("  {:.4f} s, {:.3g} updates/s, checksum {}\n", t.seconds, t.updates_per_second(), checksum);
    if (zarr)
      fmt::print("  distances written to {} (Zarr, {} x {} chunks of side {}, {})\n", out_path, zarr->layout().chunks_per_side(),
                 zarr->layout().chunks_per_side(), zarr->layout().chunk,
                 zarr->layout().zstd_level ? fmt::format("zstd level {}", zarr->layout().zstd_level) : std::string("plain"));
    else if (!out_path.empty())
      fmt::print("  distances written to {}\n", out.shown());
    if (!next_out_path.empty()) fmt::print("  next hops written to {}\n", next_out.shown());
  }
};

}  // namespace

void add_apsp_command(CLI::App& app) {
  auto cmd = std::make_shared<ApspCommand>();
  auto* sub = app.add_subcommand("apsp", "All-pairs shortest distances, optionally written as a NumPy .npy matrix or a Zarr table; "
                                         "started as several processes (mpirun, srun, torchrun) gpu-blocked runs one rank and "
                                         "GPU a process, each writing its chunks of --out D.zarr");
  cmd->input.add_to(*sub);
  cmd->engine_options.add_to(*sub);
  sub->add_option("--engine", cmd->engine_asked, "textbook, blocked, sparse, auto, gpu-naive, gpu-blocked, gpu-sparse")->capture_default_str();
  sub->add_option("--out", cmd->out_path,
                  "Write the distance matrix (.npy, or a .zarr folder of chunks; unreachable = int32 or int64 max, +inf or "
                  "65535; '-': standard output, .npy)");
  add_output_format_option(*sub, cmd->out_format, "With --out: npy or zarr (by default from the --out name, else npy)");
  sub->add_option("--chunk", cmd->chunk_side, "Zarr output: side of the square chunks (default: about 4096, whole 128-cell tiles)")
      ->check(whole_number_in(1, 2147483647.0, "cells"));
  sub->add_option("--zstd", cmd->zstd_level, "Zarr output: compress chunks with zstd at this level (default 0: plain chunks)")
      ->check(whole_number_in(0, kMaxZarrZstdLevel, "level"));
  sub->add_option("--next-out", cmd->next_out_path, "Also compute and write the next-hop matrix (.npy int32, -1 = none; '-': standard output)");
  sub->add_flag("--json", cmd->json, "Print JSON");
  sub->callback([cmd] { cmd->run(); });
}

}  // namespace pathscope::cli
